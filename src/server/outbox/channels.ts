import 'server-only';
import { confirmationDeclined, formNames } from '@/content/admin';
import { siteConfig } from '@/config/site';
import { chatEmailFailing, chatMessage } from '@/content/emails';
import { formatUtc } from '@/lib/utc-time';
import { fill } from '@/lib/fill';
import type { Database } from '@/server/db/client';
import {
  agencyLeadEmail,
  alertMessage,
  confirmationEmail,
  type AlertPayload,
  type ComposedEmail,
} from '@/server/outbox/email/compose';
import { sendEmail } from '@/server/outbox/email/send';
import { emailConfigured } from '@/server/outbox/email/transport';
import { postChatText } from './chat-app';
import { alertCapReached, CONFIRMATION_MAX_AGE_MS, takeSlot } from './autoresponder';
import type { HealthPath } from './delivery-health';
import {
  NOT_CONFIGURED,
  type ChatAlertPayload,
  type ClaimedJob,
  type ConfirmationPayload,
} from './jobs';
import { postWebhook, type PostResult } from './post-webhook';
import { webhookHeaders } from './sign';
import { chatUrl, inboxLinks, webhookFor, type WebhookTarget } from './targets';
import { buildWebhookPayload, type StoredLead } from './webhook-payload';

/**
 * One attempt of one job, per channel. Every function answers with an outcome and never throws
 * for a delivery problem: what happened goes into the attempt's record, the job's state and the
 * path's health (worker.ts).
 */

export type AttemptOutcome = {
  ok: boolean;
  httpStatus: number | null;
  /** The mail server's answer, for an email. */
  reply: string | null;
  error: string | null;
  /** skipped: not configured, or the autoresponder declined; failed: retrying cannot help. */
  end?: 'skipped' | 'failed';
  /** Where a webhook attempt went, without credentials. */
  webhookUrl?: string | null;
  /** How long the receiver asked to be left alone: the next attempt waits at least this long. */
  retryAfterMs?: number | null;
  /** What the attempt says about its path (none: it says nothing about the path). */
  health?: { path: HealthPath; ok: boolean; error: string | null };
};

export type AttemptContext = {
  database: Pick<Database, 'db' | 'ipHashSalt'>;
  timeoutMs: number;
  secret: string | undefined;
  now: () => Date;
};

/** One post to a webhook target: Standard Webhooks headers under `id` and the target's own. */
export function postSigned(
  target: WebhookTarget,
  id: string,
  body: string,
  options: Pick<AttemptContext, 'secret' | 'timeoutMs'>,
): Promise<PostResult> {
  return postWebhook(
    target.url,
    body,
    { ...webhookHeaders(id, body, options.secret), ...target.headers },
    options.timeoutMs,
  );
}

async function webhook(lead: StoredLead, context: AttemptContext): Promise<AttemptOutcome> {
  const target = webhookFor(lead.form);
  if (!target)
    return { ...nothing, error: NOT_CONFIGURED.webhook, end: 'skipped', webhookUrl: null };
  const result = await postSigned(
    target,
    lead.id,
    JSON.stringify(buildWebhookPayload(lead)),
    context,
  );
  return {
    ...result,
    reply: null,
    webhookUrl: target.record,
    health: { path: `webhook:${lead.form}`, ok: result.ok, error: result.error },
  };
}

const nothing = { ok: false, httpStatus: null, reply: null, error: null } as const;

async function email(job: ClaimedJob, message: ComposedEmail, context: AttemptContext) {
  const result = await sendEmail(job.id, job.recipient ?? '', message, context.timeoutMs);
  if (result.ok)
    return {
      ...nothing,
      ok: true,
      reply: result.reply,
      health: { path: 'email', ok: true, error: null },
    } satisfies AttemptOutcome;
  if (result.off)
    return { ...nothing, error: result.words, end: 'skipped' } satisfies AttemptOutcome;
  return {
    ...nothing,
    reply: result.reply,
    error: result.words,
    end: result.permanent ? 'failed' : undefined,
    health: result.path ? { path: 'email', ok: false, error: result.words } : undefined,
  } satisfies AttemptOutcome;
}

async function confirmation(
  job: ClaimedJob,
  lead: StoredLead,
  context: AttemptContext,
): Promise<AttemptOutcome> {
  if (!emailConfigured()) return { ...nothing, error: NOT_CONFIGURED.email, end: 'skipped' };
  const { db, ipHashSalt } = context.database;
  const now = context.now();
  // An outage or a retry schedule can outlast the promise it keeps ('we reply within 24 hours').
  if (now.getTime() - lead.createdAt.getTime() > CONFIRMATION_MAX_AGE_MS)
    return { ...nothing, error: confirmationDeclined.late, end: 'skipped' };
  const slot = await takeSlot(db, {
    jobId: job.id,
    address: job.recipient ?? '',
    network: (job.payload as ConfirmationPayload | null)?.network ?? null,
    salt: ipHashSalt,
    now,
  });
  if (slot === 'capped') await alertCapReached(db, now);
  if (slot !== 'taken') return { ...nothing, error: confirmationDeclined[slot], end: 'skipped' };
  return email(job, confirmationEmail(lead), context);
}

async function chat(text: string, context: AttemptContext): Promise<AttemptOutcome> {
  const url = chatUrl();
  if (!url) return { ...nothing, error: NOT_CONFIGURED.chat, end: 'skipped' };
  const { throttled, ...result } = await postChatText(url, text, context.timeoutMs);
  const health = throttled
    ? undefined
    : { path: 'chat' as const, ok: result.ok, error: result.error };
  return { ...result, reply: null, health };
}

/** Makes one attempt of a claimed job. `lead` is the job's lead (null for an alert about none). */
export async function attemptJob(
  job: ClaimedJob,
  lead: StoredLead | null,
  context: AttemptContext,
): Promise<AttemptOutcome> {
  if (job.channel === 'alert') {
    if (!job.payload) return { ...nothing, error: 'alert without a payload', end: 'failed' };
    return email(job, alertMessage(job.payload as AlertPayload), context);
  }
  // The chat app's alert about no lead: the mail server stopped working.
  if (job.channel === 'chat' && !job.leadId && job.payload) {
    const { since, error } = job.payload as ChatAlertPayload;
    return chat(
      fill(chatEmailFailing, {
        brand: siteConfig.brandName,
        since: formatUtc(new Date(since)),
        error,
        link: inboxLinks.overview(),
      }),
      context,
    );
  }
  if (!lead) return { ...nothing, error: 'lead not found' };
  switch (job.channel) {
    case 'webhook':
      return webhook(lead, context);
    case 'agency_email':
      return email(job, agencyLeadEmail(lead), context);
    case 'visitor_email':
      return confirmation(job, lead, context);
    case 'chat':
      return chat(
        fill(chatMessage, { form: formNames[lead.form], link: inboxLinks.lead(lead.id) }),
        context,
      );
  }
}
