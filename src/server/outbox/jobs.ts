import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import { healthWords } from '@/content/emails';
import type { LeadForm } from '@/lib/lead-forms';
import type { Db } from '@/server/db/client';
import type { DeliveryChannel } from '@/server/db/schema';
import { emailConfigured } from '@/server/outbox/email/transport';
import { claimLeaseMs } from './backoff';
import { agencyRecipients, alertRecipients, chatUrl, webhookUrlFor } from './targets';
import type { StoredLead } from './webhook-payload';

/**
 * The outbox's jobs: what an accepted lead sets off, written with the lead (accept-lead.ts); spam
 * sets off none. An unconfigured channel's job is written 'skipped', except chat, which writes
 * none: a chat ping is news only when new. A job that can be attempted is written already claimed
 * by the accepting process, which makes the first attempt right after the commit.
 */

export const NOT_CONFIGURED = {
  webhook: 'no webhook configured',
  email: healthWords.emailOff,
  chat: healthWords.chatOff,
} as const;

/** A skipped job's last error while its lead is marked as spam. */
export const MARKED_SPAM = 'marked as spam';

type JobStatus = 'pending' | 'delivering' | 'skipped';

/** A row of lead_deliveries as the outbox writes it. */
export type NewJob = {
  id: string;
  leadId: string | null;
  form: LeadForm | null;
  channel: DeliveryChannel;
  recipient: string | null;
  payload: Record<string, unknown> | null;
  dedupeKey: string | null;
  webhookUrl: string | null;
  status: JobStatus;
  attempts: 0 | 1;
  nextAttemptAt: Date | null;
  lockedUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
};

/** A job as a worker holds it once claimed. */
export type ClaimedJob = {
  id: string;
  leadId: string | null;
  channel: DeliveryChannel;
  recipient: string | null;
  payload: Record<string, unknown> | null;
  attempts: number;
};

/** The jobs this process claimed for a just-accepted lead, attempted right after the commit. */
export type FirstAttempt = { lead: StoredLead; jobs: ClaimedJob[] };

export type JobOptions = { now: Date; claim: boolean; timeoutMs: number };

function job(
  base: Pick<NewJob, 'leadId' | 'form' | 'channel'> & Partial<NewJob>,
  configured: boolean,
  notConfigured: string,
  { now, claim, timeoutMs }: JobOptions,
): NewJob {
  const claimed = configured && claim;
  return {
    id: randomUUID(),
    recipient: null,
    payload: null,
    dedupeKey: null,
    webhookUrl: null,
    ...base,
    status: !configured ? 'skipped' : claimed ? 'delivering' : 'pending',
    attempts: claimed ? 1 : 0,
    nextAttemptAt: configured ? now : null,
    lockedUntil: claimed ? new Date(now.getTime() + claimLeaseMs(timeoutMs)) : null,
    lastError: configured ? null : notConfigured,
    createdAt: now,
  };
}

/** A lead's delivery to its form's webhook, as configured in this process now. */
export function webhookJob(lead: Pick<StoredLead, 'id' | 'form'>, options: JobOptions): NewJob {
  const url = webhookUrlFor(lead.form);
  return job(
    { leadId: lead.id, form: lead.form, channel: 'webhook', webhookUrl: url },
    Boolean(url),
    NOT_CONFIGURED.webhook,
    options,
  );
}

/** What a confirmation job keeps of its visitor: the network for the per-client limit. */
export type ConfirmationPayload = { network: string };

/**
 * Every job an accepted lead sets off, as configured in this process now. `network` is the
 * visitor's networkHash; without one (visitors not told apart) no per-client limit applies.
 */
export function jobsForLead(
  lead: Pick<StoredLead, 'id' | 'form' | 'fields'> & { network?: string | null },
  options: JobOptions,
): NewJob[] {
  const base = { leadId: lead.id, form: lead.form };
  const email = emailConfigured();
  const jobs = [
    webhookJob(lead, options),
    ...agencyRecipients(lead.form).map((recipient) =>
      job({ ...base, channel: 'agency_email', recipient }, email, NOT_CONFIGURED.email, options),
    ),
  ];
  if (env.LEADS_AUTORESPONSE_PER_HOUR > 0 && lead.fields.email)
    jobs.push(
      job(
        {
          ...base,
          channel: 'visitor_email',
          recipient: lead.fields.email,
          payload: lead.network ? ({ network: lead.network } satisfies ConfirmationPayload) : null,
        },
        email,
        NOT_CONFIGURED.email,
        options,
      ),
    );
  if (chatUrl()) jobs.push(job({ ...base, channel: 'chat' }, true, NOT_CONFIGURED.chat, options));
  return jobs;
}

export const toClaimed = (row: NewJob): ClaimedJob => ({
  id: row.id,
  leadId: row.leadId,
  channel: row.channel,
  recipient: row.recipient,
  payload: row.payload,
  attempts: row.attempts,
});

/** Columns and one row of a lead_deliveries INSERT, for the statements that write jobs. */
export const JOB_COLUMNS = sql.raw(
  'id, lead_id, form, channel, recipient, payload, dedupe_key, webhook_url, status, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at',
);

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One job's VALUES tuple; `source` puts a leading column first (which row an alert is about). */
export const jobValues = (row: NewJob, source?: string): SQL =>
  sql`(${source === undefined ? sql`` : sql`${source}::uuid, `}${row.id}::uuid, ${row.leadId}::uuid, ${row.form}::text,
       ${row.channel}::text, ${row.recipient}::text, ${row.payload === null ? null : JSON.stringify(row.payload)}::jsonb,
       ${row.dedupeKey}::text, ${row.webhookUrl}::text, ${row.status}::text, ${row.attempts}::int,
       ${iso(row.nextAttemptAt)}::timestamptz, ${iso(row.lockedUntil)}::timestamptz, ${row.lastError}::text,
       ${row.createdAt.toISOString()}::timestamptz, ${row.createdAt.toISOString()}::timestamptz)`;

/**
 * The watchdog's email about `payload` to each alert recipient, due now; `key` makes it once
 * however many instances write it (the unique dedupe_key, ON CONFLICT DO NOTHING).
 */
export function alertJobs(
  payload: Record<string, unknown> & { kind: string },
  key: string,
  {
    leadId = null,
    form = null,
    now,
  }: { leadId?: string | null; form?: LeadForm | null; now: Date },
): NewJob[] {
  const email = emailConfigured();
  return alertRecipients().map((recipient) =>
    job(
      { leadId, form, channel: 'alert', recipient, payload, dedupeKey: `${key}:${recipient}` },
      email,
      NOT_CONFIGURED.email,
      { now, claim: false, timeoutMs: 0 },
    ),
  );
}

/** What the chat app is told about no lead in particular: the mail server started failing. */
export type ChatAlertPayload = { kind: 'email_failing'; since: string; error: string };

/** The chat app's alert (no job without a chat app); `key` keeps it to one across instances. */
export function chatAlertJobs(payload: ChatAlertPayload, key: string, now: Date): NewJob[] {
  if (!chatUrl()) return [];
  return [
    job(
      { leadId: null, form: null, channel: 'chat', payload, dedupeKey: key },
      true,
      NOT_CONFIGURED.chat,
      { now, claim: false, timeoutMs: 0 },
    ),
  ];
}

/** Writes an alert about no lead in particular, unless this or another instance already has. */
export async function writeAlert(
  db: Db,
  payload: Record<string, unknown> & { kind: string },
  key: string,
  now: Date,
): Promise<void> {
  const jobs = alertJobs(payload, key, { now });
  if (jobs.length === 0) return;
  await db.execute(sql`INSERT INTO lead_deliveries (${JOB_COLUMNS})
    VALUES ${sql.join(
      jobs.map((job) => jobValues(job)),
      sql`, `,
    )} ON CONFLICT (dedupe_key) DO NOTHING`);
}
