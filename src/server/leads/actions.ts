import 'server-only';
import { and, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { leadForms, type LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { leadDeliveries, leads, type DeliveryChannel } from '@/server/db/schema';
import { emailConfigured } from '@/server/outbox/email/transport';
import {
  JOB_COLUMNS,
  jobsForLead,
  jobValues,
  MARKED_SPAM,
  NOT_CONFIGURED,
  webhookJob,
} from '@/server/outbox/jobs';
import { waitingForChannel } from '@/server/outbox/delivery-health';
import { chatUrl, webhookUrlFor } from '@/server/outbox/targets';
import { deliverNow, waitForOutbox } from '@/server/outbox/worker';

/**
 * What the agency can do to stored leads and their jobs, from the inbox or the command line. All
 * sending goes through the outbox (a job claimed before its attempt), so a re-send never races the
 * worker into a double delivery.
 */

/** A webhook job due at once with a fresh retry schedule, recording the URL configured. */
const queuedNow = (url: string | null) => ({
  status: url ? ('pending' as const) : ('skipped' as const),
  attempts: 0,
  nextAttemptAt: url ? new Date() : null,
  lockedUntil: null,
  lastError: url ? null : NOT_CONFIGURED.webhook,
  webhookUrl: url,
  updatedAt: new Date(),
});

const isWebhook = eq(leadDeliveries.channel, 'webhook');

export type ResendResult = 'sent' | 'failed' | 'not_found' | 'spam' | 'no_webhook' | 'in_flight';

/** Queues a lead's webhook delivery and attempts it (the receiver dedupes on Idempotency-Key). */
export async function resendLead(id: string): Promise<ResendResult> {
  const { db } = await getDatabase();
  const [lead] = await db
    .select({ form: leads.form, status: leads.status })
    .from(leads)
    .where(eq(leads.id, id));
  if (!lead) return 'not_found';
  if (lead.status === 'spam') return 'spam';
  const url = webhookUrlFor(lead.form);
  if (!url) return 'no_webhook';
  const deliveryId = await queueDelivery(id, lead.form, url);
  if (!deliveryId) return 'in_flight';
  await deliverNow([deliveryId]);
  const [after] = await db
    .select({ status: leadDeliveries.status })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.id, deliveryId));
  return after?.status === 'delivered' ? 'sent' : 'failed';
}

/** Queues the lead's webhook job again (or creates it); null while an attempt is in flight. */
async function queueDelivery(
  leadId: string,
  form: LeadForm,
  url: string | null,
): Promise<string | null> {
  const { db } = await getDatabase();
  const [updated] = await db
    .update(leadDeliveries)
    .set(queuedNow(url))
    .where(
      and(
        eq(leadDeliveries.leadId, leadId),
        isWebhook,
        notInArray(leadDeliveries.status, ['delivering']),
      ),
    )
    .returning({ id: leadDeliveries.id });
  if (updated) return updated.id;
  const [existing] = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(and(eq(leadDeliveries.leadId, leadId), isWebhook));
  if (existing) return null;
  const job = webhookJob({ id: leadId, form }, { now: new Date(), claim: false, timeoutMs: 0 });
  await db.execute(sql`INSERT INTO lead_deliveries (${JOB_COLUMNS}) VALUES ${jobValues(job)}`);
  return job.id;
}

/**
 * Marks a lead as spam (its unsent jobs are skipped) or as not spam: its jobs are queued and
 * attempted, or written if it was stored as spam, but never a late confirmation. A lead already
 * so marked is left alone: marking a real lead 'not spam' again must not send what it skipped.
 */
export async function setSpam(id: string, spam: boolean): Promise<'changed' | 'unchanged' | null> {
  const { db } = await getDatabase();
  const status = spam ? 'spam' : 'accepted';
  const [lead] = await db
    .update(leads)
    .set({ status })
    .where(and(eq(leads.id, id), ne(leads.status, status)))
    .returning({ id: leads.id, form: leads.form, fields: leads.fields });
  if (!lead) {
    const [found] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
    return found ? 'unchanged' : null;
  }
  if (spam) {
    await db
      .update(leadDeliveries)
      .set({
        status: 'skipped',
        nextAttemptAt: null,
        lastError: MARKED_SPAM,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(leadDeliveries.leadId, id),
          inArray(leadDeliveries.status, ['pending', 'failed', 'skipped']),
        ),
      );
    return 'changed';
  }
  const existing = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, id));
  if (existing.length === 0) {
    const jobs = jobsForLead(lead, { now: new Date(), claim: false, timeoutMs: 0 }).filter(
      (job) => job.channel !== 'visitor_email',
    );
    await db.execute(
      sql`INSERT INTO lead_deliveries (${JOB_COLUMNS}) VALUES ${sql.join(
        jobs.map((job) => jobValues(job)),
        sql`, `,
      )}`,
    );
    await deliverNow(jobs.filter((job) => job.status === 'pending').map((job) => job.id));
    return 'changed';
  }
  // The jobs the spam mark stopped wait for their channel again (a confirmation stays stopped: it
  // would come late), so Deliver skipped's rule queues each whose channel is configured now.
  await db
    .update(leadDeliveries)
    .set({
      lastError: sql`CASE ${leadDeliveries.channel} WHEN 'webhook' THEN ${NOT_CONFIGURED.webhook}::text
        WHEN 'chat' THEN ${NOT_CONFIGURED.chat}::text ELSE ${NOT_CONFIGURED.email}::text END`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(leadDeliveries.leadId, id),
        eq(leadDeliveries.status, 'skipped'),
        eq(leadDeliveries.lastError, MARKED_SPAM),
        ne(leadDeliveries.channel, 'visitor_email'),
      ),
    );
  await deliverNow(await queueSkipped({ leadId: id, confirmations: false }));
  return 'changed';
}

/** Deletes one lead with its jobs and attempts; returns how many leads went (0 or 1). */
export async function deleteLead(id: string): Promise<number> {
  const { db } = await getDatabase();
  return (await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id })).length;
}

/** A person's deletion request: every lead (and job) of that address, whatever its case. */
export async function deleteLeadsByEmail(email: string): Promise<number> {
  const { db } = await getDatabase();
  const address = email.trim().toLowerCase();
  if (!address) return 0;
  const removed = await db
    .delete(leads)
    .where(sql`lower(${leads.fields}->>'email') = ${address}`)
    .returning({ id: leads.id });
  return removed.length;
}

export type JobFilter = { form?: LeadForm; leadId?: string };

const filtered = ({ form, leadId }: JobFilter): SQL | undefined =>
  and(
    form ? eq(leadDeliveries.form, form) : undefined,
    leadId ? eq(leadDeliveries.leadId, leadId) : undefined,
  );

/**
 * 'Deliver skipped': queues the jobs skipped while their channel was not configured, for the
 * channels configured now, with a fresh retry schedule; spam's jobs stay. A visitor's confirmation
 * is queued only within a day of its lead, and only if email was off when it was skipped. Returns
 * how many were queued.
 */
export async function deliverSkipped(
  filter: JobFilter & { confirmations?: boolean } = {},
): Promise<number> {
  return (await queueSkipped(filter)).length;
}

async function queueSkipped({
  form,
  leadId,
  confirmations = true,
}: JobFilter & { confirmations?: boolean }): Promise<string[]> {
  const { db } = await getDatabase();
  const now = new Date();
  const notSpam = or(
    isNull(leadDeliveries.leadId),
    inArray(leadDeliveries.leadId, sql`(SELECT id FROM leads WHERE status = 'accepted')`),
  );
  const queue = async (where: SQL | undefined, webhookUrl?: string) =>
    (
      await db
        .update(leadDeliveries)
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          lockedUntil: null,
          lastError: null,
          updatedAt: now,
          ...(webhookUrl ? { webhookUrl } : {}),
        })
        .where(and(waitingForChannel(now), notSpam, filtered({ form, leadId }), where))
        .returning({ id: leadDeliveries.id })
    ).map((row) => row.id);

  const queued: string[] = [];
  for (const each of form ? [form] : leadForms) {
    const url = webhookUrlFor(each);
    if (url) queued.push(...(await queue(and(isWebhook, eq(leadDeliveries.form, each)), url)));
  }
  const channels: DeliveryChannel[] = [];
  if (emailConfigured()) channels.push('agency_email', 'alert');
  if (chatUrl()) channels.push('chat');
  if (channels.length) queued.push(...(await queue(inArray(leadDeliveries.channel, channels))));
  if (emailConfigured() && confirmations)
    queued.push(...(await queue(eq(leadDeliveries.channel, 'visitor_email'))));
  return queued;
}

/** The jobs that were pending or failed when asked, as they stand after this attempt. */
export type SendNowResult = {
  /** Each attempted now, here or by a worker that took it first: the sum of the three below. */
  attempted: number;
  delivered: number;
  failed: number;
  waiting: number;
};

/**
 * 'Send now': attempts every pending and failed job at once rather than at its next retry (after a
 * fixed URL or password, say). Each keeps its attempt count, so one that fails again goes back to
 * its schedule or stays failed. Jobs in flight are left to their worker.
 */
export async function sendNow(filter: JobFilter = {}): Promise<SendNowResult> {
  const { db } = await getDatabase();
  const waiting = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(and(inArray(leadDeliveries.status, ['pending', 'failed']), filtered(filter)));
  const ids = waiting.map((row) => row.id);
  // Claimed as they are, never made due first: a sweep could take a due job between the two.
  await deliverNow(ids, undefined, { early: true });
  // What the attempts said about each path (delivery health) is written before this answers.
  await waitForOutbox();
  const after = ids.length
    ? await db
        .select({ status: leadDeliveries.status, n: sql<number>`count(*)::int` })
        .from(leadDeliveries)
        .where(and(inArray(leadDeliveries.id, ids), ne(leadDeliveries.status, 'skipped')))
        .groupBy(leadDeliveries.status)
    : [];
  const count = (status: string) => after.find((row) => row.status === status)?.n ?? 0;
  const result = {
    delivered: count('delivered'),
    failed: count('failed'),
    waiting: count('pending') + count('delivering'),
  };
  return { attempted: result.delivered + result.failed + result.waiting, ...result };
}
