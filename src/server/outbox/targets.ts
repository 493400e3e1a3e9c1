import 'server-only';
import { notifyEnvOf, webhookEnvOf } from '@/config/lead-form-ids';
import { env } from '@/env';
import { siteConfig } from '@/config/site';
import type { LeadForm } from '@/lib/lead-forms';
import { authHeader, withoutCredentials } from '@/server/http/credentials';

/**
 * Where a lead's jobs go, read from this process's configuration at every attempt, so a fixed URL
 * reaches the next one; a stored URL is only a record. Email recipients are fixed when a job is
 * written (one job each), so no recipient gets a job's message twice.
 */

export type WebhookTarget = {
  /** The URL to post to, user:password@ included (n8n's Basic Auth). */
  url: string;
  /** The same URL without credentials: the only form stored, logged or shown. */
  record: string;
  /** n8n Header Auth (LEADS_WEBHOOK_HEADER_NAME/VALUE), sent with each attempt, never stored. */
  headers: Record<string, string>;
};

/** A form's webhook: its own variable, else the shared LEADS_WEBHOOK_URL, else none. */
export function webhookFor(form: LeadForm): WebhookTarget | null {
  const url = env[webhookEnvOf(form)] ?? env.LEADS_WEBHOOK_URL;
  if (!url) return null;
  return {
    url,
    record: withoutCredentials(url),
    headers: authHeader(env.LEADS_WEBHOOK_HEADER_NAME, env.LEADS_WEBHOOK_HEADER_VALUE),
  };
}

/** The form's webhook as recorded with a delivery (no credentials), or null. */
export function webhookUrlFor(form: LeadForm): string | null {
  return webhookFor(form)?.record ?? null;
}

/** Who gets the agency's email about a lead: the form's list, else LEADS_NOTIFY_TO, else ours. */
export function agencyRecipients(form: LeadForm): string[] {
  return env[notifyEnvOf(form)] ?? env.LEADS_NOTIFY_TO ?? [siteConfig.email];
}

/**
 * Who gets alerts and the digest: LEADS_ALERT_TO ('none': nobody), else LEADS_NOTIFY_TO's
 * addresses, else the site's. A site that emails nobody about leads still hears of a broken webhook.
 */
export function alertRecipients(): string[] {
  if (env.LEADS_ALERT_TO) return env.LEADS_ALERT_TO;
  return env.LEADS_NOTIFY_TO?.length ? env.LEADS_NOTIFY_TO : [siteConfig.email];
}

/** The chat app's incoming webhook (a secret: never stored, logged or shown), or null. */
export function chatUrl(): string | null {
  return env.LEADS_NOTIFY_CHAT_URL ?? null;
}

/** Absolute links into the inbox (emails and chat messages are read outside the site). */
export const inboxLinks = {
  lead: (id: string) => `${siteConfig.siteUrl}/admin/leads/${id}`,
  overview: () => `${siteConfig.siteUrl}/admin/overview`,
  inbox: () => `${siteConfig.siteUrl}/admin`,
};
