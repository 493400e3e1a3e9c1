import 'server-only';
import { leadFormRegistry, leadSchema, type Attribution, type LeadForm } from '@/lib/lead-forms';

/**
 * The JSON each lead is delivered as: exactly SPEC section 7, so automations
 * built for the original site keep working. Pure: same lead, same payload, on
 * every retry (timestamp is when the lead was accepted, not when it is sent).
 */

export type StoredLead = {
  id: string;
  form: LeadForm;
  fields: Record<string, string>;
  attribution: Attribution;
  createdAt: Date;
};

const text = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

export type GrowthAuditPayload = ReturnType<typeof growthAuditPayload>;

function growthAuditPayload(lead: StoredLead) {
  const f = lead.fields;
  const a = lead.attribution;
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
    cta_clicked: 'unlock_growth_audit',
    lead_temperature: 'hot',
    interest_level: 'high',
    lead_source: 'Website - Growth Audit',
    lead_status: 'New Lead',
    tags: ['growth-audit', 'website-lead', 'automation-interest'],
  };
}

function formPayload(lead: StoredLead & { form: Exclude<LeadForm, 'growth-audit'> }) {
  const fields = Object.fromEntries(leadSchema(lead.form).fields.map((name) => [name, lead.fields[name] ?? '']));
  return {
    ...fields,
    source: leadFormRegistry[lead.form].source,
    timestamp: lead.createdAt.toISOString(),
    page_url: text(lead.attribution.page_url),
  };
}

export function buildWebhookPayload(lead: StoredLead): Record<string, unknown> {
  return lead.form === 'growth-audit' ? growthAuditPayload(lead) : formPayload({ ...lead, form: lead.form });
}
