import 'server-only';
import { and, eq, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import { recordAudit } from '@/server/audit';
import { getDatabase } from '@/server/db/client';
import { leadDeliveries, leads } from '@/server/db/schema';
import { describeError, log } from '@/server/log';
import { forgetExpiredSlots } from '@/server/outbox/autoresponder';
import { processGlobals } from '@/server/process';

/**
 * Retention the privacy policy can promise: spam goes after LEADS_SPAM_RETENTION_DAYS, every lead
 * after LEADS_RETENTION_DAYS (when set), never while its webhook delivery or the agency's email is
 * pending, delivering or failed (the agency has not received it). The visitor's confirmation and the
 * chat ping carry no lead to the agency, so their failure keeps nothing. Instances may purge at
 * once; one batch deletes each lead.
 */

/** The jobs that take the lead itself to the agency. */
const CARRIES_LEAD = ['webhook', 'agency_email'] as const;

export const RETENTION_ACTOR = 'retention';
const BATCH = 500;
const HOUR_MS = 3_600_000;

type RetentionPeriods = { spamDays: number | null; leadDays: number | null };
type PurgeResult = { spam: number; leads: number };

const periods = (): RetentionPeriods => ({
  spamDays: env.LEADS_SPAM_RETENTION_DAYS,
  leadDays: env.LEADS_RETENTION_DAYS,
});

const undelivered = (db: Awaited<ReturnType<typeof getDatabase>>['db']) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(leadDeliveries)
      .where(
        and(
          eq(leadDeliveries.leadId, leads.id),
          inArray(leadDeliveries.channel, [...CARRIES_LEAD]),
          inArray(leadDeliveries.status, ['pending', 'delivering', 'failed']),
        ),
      ),
  );

/** Deletes, a batch at a time, the leads older than `days` matching `where`; returns how many. */
async function purge(where: SQL | undefined, days: number, now: Date): Promise<number> {
  const { db } = await getDatabase();
  const before = new Date(now.getTime() - days * 24 * HOUR_MS);
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: leads.id })
      .from(leads)
      .where(and(where, lt(leads.createdAt, before), undelivered(db)))
      .limit(BATCH);
    const removed = await db
      .delete(leads)
      .where(inArray(leads.id, batch))
      .returning({ id: leads.id });
    total += removed.length;
    if (removed.length < BATCH) return total;
  }
}

/**
 * One purge: spam past its period, then any lead past the general one (audited if any went), and
 * the confirmed addresses' HMACs past their day.
 */
export async function purgeExpired(
  { spamDays, leadDays }: RetentionPeriods = periods(),
  now = new Date(),
): Promise<PurgeResult> {
  const spam = spamDays === null ? 0 : await purge(eq(leads.status, 'spam'), spamDays, now);
  const all = leadDays === null ? 0 : await purge(undefined, leadDays, now);
  await forgetExpiredSlots((await getDatabase()).db, now);
  if (spam + all > 0)
    await recordAudit(RETENTION_ACTOR, 'leads_purged', null, {
      spam,
      leads: all,
      spam_days: spamDays ?? 'off',
      lead_days: leadDays ?? 'off',
    });
  return { spam, leads: all };
}

const state = processGlobals;

/** Purges at once and every `intervalMs` after, once per process however often called. */
export function startRetention(intervalMs = HOUR_MS): boolean {
  if (state.__leadsRetention) return false;
  const run = () =>
    void purgeExpired().then(
      (result) => {
        if (result.spam + result.leads > 0) log('info', 'retention.purged', result);
      },
      (error: unknown) => log('warn', 'retention.failed', { error: describeError(error) }),
    );
  state.__leadsRetention = setInterval(run, intervalMs);
  state.__leadsRetention.unref();
  run();
  return true;
}

export function stopRetention(): void {
  clearInterval(state.__leadsRetention);
  state.__leadsRetention = undefined;
}
