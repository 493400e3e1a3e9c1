import 'server-only';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { attributionRules, isLeadForm, type LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { deliveryStatuses, leadDeliveries, leadDeliveryAttempts, leads, leadStatuses, type DeliveryStatus, type LeadStatus } from '@/server/db/schema';
import { webhookUrlFor } from './config';

/** Operator queries behind `npm run leads` (scripts/leads.ts). */

export type LeadFilter = { form?: string; status?: string; limit?: number };

function where(filter: LeadFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.form !== undefined) {
    if (!isLeadForm(filter.form)) throw new Error(`Unknown form '${filter.form}'`);
    conditions.push(eq(leads.form, filter.form));
  }
  if (filter.status !== undefined) {
    if ((leadStatuses as readonly string[]).includes(filter.status)) conditions.push(eq(leads.status, filter.status as LeadStatus));
    else if ((deliveryStatuses as readonly string[]).includes(filter.status)) conditions.push(eq(leadDeliveries.status, filter.status as DeliveryStatus));
    else throw new Error(`Unknown status '${filter.status}' (lead: ${leadStatuses.join(', ')}; delivery: ${deliveryStatuses.join(', ')})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listLeads(filter: LeadFilter = {}) {
  const { db } = await getDatabase();
  return db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      form: leads.form,
      status: leads.status,
      fields: leads.fields,
      attribution: leads.attribution,
      delivery: leadDeliveries.status,
      attempts: leadDeliveries.attempts,
      deliveredAt: leadDeliveries.deliveredAt,
      lastError: leadDeliveries.lastError,
    })
    .from(leads)
    .leftJoin(leadDeliveries, eq(leadDeliveries.leadId, leads.id))
    .where(where(filter))
    .orderBy(desc(leads.createdAt))
    .limit(filter.limit ?? 1_000_000);
}

export async function showLead(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { db } = await getDatabase();
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  if (!lead) return null;
  const deliveries = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, id));
  const attempts = deliveries.length
    ? await db
        .select()
        .from(leadDeliveryAttempts)
        .where(
          inArray(
            leadDeliveryAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(asc(leadDeliveryAttempts.startedAt))
    : [];
  return { lead, deliveries, attempts };
}

const FIELD_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'website', 'company', 'industry', 'callVolume', 'message', 'propertyName', 'units'];
const ATTRIBUTION_COLUMNS = Object.keys(attributionRules);

/** One CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function exportCsv(filter: LeadFilter = {}): Promise<string> {
  const rows = await listLeads(filter);
  const header = ['id', 'created_at', 'form', 'status', 'delivery_status', 'delivery_attempts', 'delivered_at', ...FIELD_COLUMNS, ...ATTRIBUTION_COLUMNS];
  const lines = [header.join(',')];
  for (const row of rows) {
    const attribution = row.attribution as Record<string, unknown>;
    lines.push(
      [
        row.id,
        row.createdAt,
        row.form,
        row.status,
        row.delivery,
        row.attempts,
        row.deliveredAt,
        ...FIELD_COLUMNS.map((name) => row.fields[name]),
        ...ATTRIBUTION_COLUMNS.map((name) => attribution[name]),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Puts failed deliveries back in the queue with a fresh retry schedule. With
 * includeSkipped, deliveries stored while no webhook was configured are queued
 * too, to the URL now configured for their form (those still without one stay).
 */
export async function retryFailed({ form, includeSkipped = false }: { form?: LeadForm; includeSkipped?: boolean } = {}): Promise<number> {
  const { db } = await getDatabase();
  const now = new Date();
  const requeue = { status: 'pending' as const, attempts: 0, nextAttemptAt: now, lockedUntil: null, updatedAt: now };
  const inForm = form ? inArray(leadDeliveries.leadId, db.select({ id: leads.id }).from(leads).where(eq(leads.form, form))) : undefined;
  const failed = await db
    .update(leadDeliveries)
    .set(requeue)
    .where(and(eq(leadDeliveries.status, 'failed'), inForm))
    .returning({ id: leadDeliveries.id });
  let count = failed.length;
  if (includeSkipped) {
    const skipped = await db
      .select({ id: leadDeliveries.id, form: leads.form })
      .from(leadDeliveries)
      .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
      .where(and(eq(leadDeliveries.status, 'skipped'), form ? eq(leads.form, form) : undefined));
    for (const row of skipped) {
      const url = webhookUrlFor(row.form);
      if (!url) continue;
      await db
        .update(leadDeliveries)
        .set({ ...requeue, webhookUrl: url, lastError: null })
        .where(and(eq(leadDeliveries.id, row.id), eq(leadDeliveries.status, 'skipped')));
      count += 1;
    }
  }
  return count;
}
