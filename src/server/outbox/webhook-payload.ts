import 'server-only';
import { leadFormRegistry, leadSchema, type Attribution, type LeadForm } from '@/lib/lead-forms';

/**
 * The JSON each lead is delivered as (docs/product.md section 6.8; each form's in docs/n8n.md).
 * Pure: a lead gives the same payload on every retry (timestamp is when it was accepted).
 */

export type StoredLead = {
  id: string;
  form: LeadForm;
  fields: Record<string, string>;
  attribution: Attribution;
  createdAt: Date;
};

const text = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value;

/** The visit's attribution: null when unknown, 'direct' without a referrer. */
function attributionFields(a: Attribution) {
  return {
    page_url: text(a.page_url),
    referrer: text(a.referrer) ?? 'direct',
    user_agent: text(a.user_agent),
    time_on_page: a.time_on_page ?? null,
    scroll_depth: a.scroll_depth ?? null,
    screen_resolution: text(a.screen_resolution),
    viewport_size: text(a.viewport_size),
    timezone: text(a.timezone),
    language: text(a.language),
    utm_source: text(a.utm_source),
    utm_medium: text(a.utm_medium),
    utm_campaign: text(a.utm_campaign),
    utm_term: text(a.utm_term),
    utm_content: text(a.utm_content),
  };
}

function growthAuditPayload(lead: StoredLead) {
  const f = lead.fields;
  const firstName = f.firstName ?? '';
  const lastName = f.lastName ?? '';
  return {
    first_name: firstName,
    last_name: lastName,
    email: f.email ?? '',
    phone: text(f.phone),
    website: text(f.website),
    full_name: `${firstName} ${lastName}`.trim(),
    source: leadFormRegistry['growth-audit'].source,
    timestamp: lead.createdAt.toISOString(),
    ...attributionFields(lead.attribution),
    cta_clicked: 'unlock_growth_audit',
    lead_temperature: 'hot',
    interest_level: 'high',
    lead_source: 'Website - Growth Audit',
    lead_status: 'New Lead',
    tags: ['growth-audit', 'website-lead', 'automation-interest'],
  };
}

/** The form's fields, source, timestamp and page_url; then the rest of the attribution. */
function formPayload(lead: StoredLead & { form: Exclude<LeadForm, 'growth-audit'> }) {
  const fields = Object.fromEntries(
    leadSchema(lead.form).fields.map((name) => [name, lead.fields[name] ?? '']),
  );
  return {
    ...fields,
    source: leadFormRegistry[lead.form].source,
    timestamp: lead.createdAt.toISOString(),
    ...attributionFields(lead.attribution),
  };
}

export function buildWebhookPayload(lead: StoredLead): Record<string, unknown> {
  return lead.form === 'growth-audit'
    ? growthAuditPayload(lead)
    : formPayload({ ...lead, form: lead.form });
}
