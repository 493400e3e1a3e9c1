import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { leadForms, type LeadForm } from '@/lib/lead-forms';
import type { Db } from '@/server/db/client';
import type { AlertPayload } from '@/server/outbox/email/compose';
import { lastWorked } from './delivery-health';
import { writeAlert } from './jobs';
import { processGlobals } from '@/server/process';

/**
 * The daily digest: past LEADS_DIGEST_HOUR (UTC) any instance's sweep may write it, and the dedupe
 * key keeps it to one per recipient a day. Each process remembers the day it wrote, so the check
 * costs one statement a day.
 */

const state = processGlobals;

type Figures = { form: LeadForm | null; status: string; n: number };

async function digestPayload(db: Db, now: Date): Promise<AlertPayload> {
  const from = new Date(now.getTime() - 86_400_000).toISOString();
  const result = await db.execute(sql`
    SELECT form, 'lead:' || status AS status, count(*)::int AS n FROM leads
      WHERE created_at > ${from}::timestamptz GROUP BY form, status
    UNION ALL
    SELECT NULL, 'job:' || status, count(*)::int FROM lead_deliveries
      WHERE channel = 'webhook' AND status IN ('pending', 'delivering', 'failed') GROUP BY status
    UNION ALL
    SELECT NULL, 'job:delivered', count(*)::int FROM lead_deliveries
      WHERE channel = 'webhook' AND status = 'delivered' AND delivered_at > ${from}::timestamptz`);
  const rows = (result as unknown as { rows: Figures[] }).rows;
  const sum = (status: string, form?: LeadForm) =>
    rows
      .filter((row) => row.status === status && (form === undefined || row.form === form))
      .reduce((total, row) => total + row.n, 0);
  const [lastWebhookAt, lastEmailAt] = await Promise.all([
    lastWorked(db, 'webhook'),
    lastWorked(db, 'email'),
  ]);
  return {
    kind: 'digest',
    day: now.toISOString().slice(0, 10),
    until: now.toISOString(),
    leads: Object.fromEntries(
      leadForms.map((form) => [form, sum('lead:accepted', form)]),
    ) as Record<LeadForm, number>,
    spam: sum('lead:spam'),
    delivered: sum('job:delivered'),
    pending: sum('job:pending') + sum('job:delivering'),
    failed: sum('job:failed'),
    lastWebhookAt: lastWebhookAt?.toISOString() ?? null,
    lastEmailAt: lastEmailAt?.toISOString() ?? null,
  };
}

/** Writes today's digest if it is due and not yet written (by this or any instance). */
export async function writeDigestIfDue(db: Db, now: Date): Promise<boolean> {
  const hour = env.LEADS_DIGEST_HOUR;
  const day = now.toISOString().slice(0, 10);
  if (hour === null || now.getUTCHours() < hour || state.__digestWritten === day) return false;
  await writeAlert(db, await digestPayload(db, now), `digest:${day}`, now);
  state.__digestWritten = day;
  return true;
}
