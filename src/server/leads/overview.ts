import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, max, sql } from 'drizzle-orm';
import { leadFormRegistry, leadForms, type LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { leadDailyCounts, leadDeliveries, type DeliveryStatus } from '@/server/db/schema';
import { postSigned } from '@/server/outbox/channels';
import { webhookFor, webhookUrlFor } from '@/server/outbox/targets';
import { outboxOptions } from '@/server/outbox/worker';

/** The inbox's overview: leads per day by form, where they came from, and how delivery is doing. */

export const OVERVIEW_DAYS = 30;

export type Overview = {
  /** The last OVERVIEW_DAYS UTC days, oldest first, with each form's count of leads (spam left out). */
  days: Array<{ day: string; counts: Record<LeadForm, number> }>;
  /** utm_source, else the referrer's host, else 'direct'; the ten most common over the same days. */
  sources: Array<{ source: string; leads: number }>;
  spam: number;
  health: Array<{
    form: LeadForm;
    webhookConfigured: boolean;
    pending: number;
    failed: number;
    skipped: number;
    lastDelivered: Date | null;
  }>;
};

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function overview(now = new Date()): Promise<Overview> {
  const { db } = await getDatabase();
  const today = new Date(`${utcDay(now)}T00:00:00.000Z`);
  const start = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * 86_400_000);
  const inWindow = gte(leadDailyCounts.day, utcDay(start));
  const total = sql<number>`sum(${leadDailyCounts.leads})::int`;

  const [perDay, bySource, spam, outstanding, delivered] = await Promise.all([
    // The daily counts the triggers keep (lead_daily_counts): a few rows per day, however many leads.
    db
      .select({ day: leadDailyCounts.day, form: leadDailyCounts.form, n: total })
      .from(leadDailyCounts)
      .where(and(inWindow, eq(leadDailyCounts.status, 'accepted')))
      .groupBy(leadDailyCounts.day, leadDailyCounts.form),
    db
      .select({ source: leadDailyCounts.source, n: total })
      .from(leadDailyCounts)
      .where(and(inWindow, eq(leadDailyCounts.status, 'accepted')))
      .groupBy(leadDailyCounts.source),
    db
      .select({ n: total })
      .from(leadDailyCounts)
      .where(and(inWindow, eq(leadDailyCounts.status, 'spam'))),
    // Outstanding deliveries per form, from lead_deliveries_status_form_idx alone (each delivery carries its lead's form).
    db
      .select({
        form: leadDeliveries.form,
        status: leadDeliveries.status,
        n: sql<number>`count(*)::int`,
      })
      .from(leadDeliveries)
      .where(
        and(
          eq(leadDeliveries.channel, 'webhook'),
          inArray(leadDeliveries.status, ['pending', 'delivering', 'failed', 'skipped']),
        ),
      )
      .groupBy(leadDeliveries.form, leadDeliveries.status),
    // Each form's newest delivery: one probe at the end of the same index.
    Promise.all(
      leadForms.map(async (form) => {
        const [row] = await db
          .select({ at: max(leadDeliveries.deliveredAt) })
          .from(leadDeliveries)
          .where(
            and(
              eq(leadDeliveries.status, 'delivered'),
              eq(leadDeliveries.form, form),
              eq(leadDeliveries.channel, 'webhook'),
            ),
          );
        return [form, row?.at ?? null] as const;
      }),
    ),
  ]);

  const days = Array.from({ length: OVERVIEW_DAYS }, (_, index) => ({
    day: utcDay(new Date(start.getTime() + index * 86_400_000)),
    counts: Object.fromEntries(leadForms.map((form) => [form, 0])) as Record<LeadForm, number>,
  }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (entry) entry.counts[row.form] += row.n;
  }
  const sources = bySource
    .filter((row) => row.n > 0)
    .map((row) => ({ source: row.source, leads: row.n }))
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source))
    .slice(0, 10);

  const lastDelivered = new Map(delivered);
  const count = (form: LeadForm, statuses: DeliveryStatus[]) =>
    outstanding
      .filter((row) => row.form === form && statuses.includes(row.status))
      .reduce((sum, row) => sum + row.n, 0);
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
  | {
      sent: true;
      ok: boolean;
      httpStatus: number | null;
      durationMs: number;
      error: string | null;
      at: Date;
    }
  | { sent: false; reason: 'no_webhook' };

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
    message:
      'Test event sent from the lead inbox. It is not a lead: ignore it or check that your workflow received it.',
    source: leadFormRegistry[form].source,
    form,
    timestamp: at.toISOString(),
  });
  const started = performance.now();
  const result = await postSigned(target, id, body, outboxOptions());
  return {
    sent: true,
    ok: result.ok,
    httpStatus: result.httpStatus,
    durationMs: Math.round(performance.now() - started),
    error: result.error,
    at,
  };
}
