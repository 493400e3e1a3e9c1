import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { leadFormRegistry, leadForms, type LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { leadDeliveries, leads, type DeliveryStatus } from '@/server/db/schema';
import { outboxOptions, postSigned } from '@/server/outbox/worker';
import { webhookFor, webhookUrlFor } from './config';

/** The inbox's overview: leads per day by form, where they came from, and how delivery is doing. */

export const OVERVIEW_DAYS = 30;

export type Overview = {
  /** The last OVERVIEW_DAYS UTC days, oldest first, with each form's count of leads (spam left out). */
  days: Array<{ day: string; counts: Record<LeadForm, number> }>;
  /** utm_source, else the referrer's host, else 'direct'; the ten most common over the same days. */
  sources: Array<{ source: string; leads: number }>;
  spam: number;
  health: Array<{ form: LeadForm; webhookConfigured: boolean; pending: number; failed: number; skipped: number; lastDelivered: Date | null }>;
};

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function overview(now = new Date()): Promise<Overview> {
  const { db } = await getDatabase();
  const today = new Date(`${utcDay(now)}T00:00:00.000Z`);
  const start = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * 86_400_000);
  const source = sql<string>`coalesce(nullif(${leads.attribution}->>'utm_source', ''), substring(${leads.attribution}->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), 'direct')`;
  const day = sql<string>`to_char(${leads.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

  const [perDay, spam, outstanding, delivered] = await Promise.all([
    // One pass over the window's leads, grouped by day, form and source.
    db
      .select({ day, form: leads.form, source, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(gte(leads.createdAt, start), eq(leads.status, 'accepted')))
      .groupBy(day, leads.form, source),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(gte(leads.createdAt, start), eq(leads.status, 'spam'))),
    // Outstanding deliveries are few; the status index finds them without reading the delivered ones.
    db
      .select({ form: leads.form, status: leadDeliveries.status, n: sql<number>`count(*)::int` })
      .from(leadDeliveries)
      .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
      .where(inArray(leadDeliveries.status, ['pending', 'delivering', 'failed', 'skipped']))
      .groupBy(leads.form, leadDeliveries.status),
    // The newest delivery of each form, read backwards along delivered_at until each form is found.
    Promise.all(
      leadForms.map(async (form) => {
        const [row] = await db
          .select({ at: leadDeliveries.deliveredAt })
          .from(leadDeliveries)
          .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
          .where(and(eq(leadDeliveries.status, 'delivered'), eq(leads.form, form)))
          .orderBy(desc(leadDeliveries.deliveredAt))
          .limit(1);
        return [form, row?.at ?? null] as const;
      }),
    ),
  ]);

  const days = Array.from({ length: OVERVIEW_DAYS }, (_, index) => ({
    day: utcDay(new Date(start.getTime() + index * 86_400_000)),
    counts: Object.fromEntries(leadForms.map((form) => [form, 0])) as Record<LeadForm, number>,
  }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  const bySource = new Map<string, number>();
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (entry) entry.counts[row.form] += row.n;
    bySource.set(row.source, (bySource.get(row.source) ?? 0) + row.n);
  }
  const sources = [...bySource.entries()]
    .map(([name, count]) => ({ source: name, leads: count }))
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source))
    .slice(0, 10);

  const lastDelivered = new Map(delivered);
  const count = (form: LeadForm, statuses: DeliveryStatus[]) =>
    outstanding.filter((row) => row.form === form && statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  const health = leadForms.map((form) => ({
    form,
    webhookConfigured: webhookUrlFor(form) !== null,
    pending: count(form, ['pending', 'delivering']),
    failed: count(form, ['failed']),
    skipped: count(form, ['skipped']),
    lastDelivered: lastDelivered.get(form) ?? null,
  }));
  return { days, sources, spam: spam[0]?.n ?? 0, health };
}

export type TestEventResult =
  { sent: true; ok: boolean; httpStatus: number | null; durationMs: number; error: string | null; at: Date } | { sent: false; reason: 'no_webhook' };

/**
 * Posts a clearly marked test event to a form's webhook, signed and with the headers of a real
 * delivery, so the agency can check its receiver without a real lead. Nothing is stored.
 */
export async function sendTestEvent(form: LeadForm): Promise<TestEventResult> {
  // The webhook as deliveries reach it: its credentials and Header Auth included.
  const target = webhookFor(form);
  if (!target) return { sent: false, reason: 'no_webhook' };
  const id = `test_${randomUUID()}`;
  const at = new Date();
  const body = JSON.stringify({
    test: true,
    event: 'test',
    message: 'Test event sent from the lead inbox. It is not a lead: ignore it or check that your workflow received it.',
    source: leadFormRegistry[form].source,
    form,
    timestamp: at.toISOString(),
  });
  const started = performance.now();
  const result = await postSigned(target, id, body, outboxOptions());
  return { sent: true, ok: result.ok, httpStatus: result.httpStatus, durationMs: Math.round(performance.now() - started), error: result.error, at };
}
