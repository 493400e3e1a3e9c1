import 'server-only';
import { env } from '@/env';
import { leadFormRegistry, type LeadForm } from '@/lib/lead-forms';
import { authHeader, withoutCredentials } from '@/server/http/credentials';

/**
 * Where a form's leads go, read from the configuration of this process. Every
 * delivery attempt asks again (src/server/outbox/worker.ts), so fixing a wrong
 * URL and re-sending reaches the new one; the URL stored with a delivery is only
 * a record of where it was last sent.
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
  const url = env[leadFormRegistry[form].webhookEnv] ?? env.LEADS_WEBHOOK_URL;
  if (!url) return null;
  return {
    url,
    record: withoutCredentials(url),
    headers: authHeader(env.LEADS_WEBHOOK_HEADER_NAME, env.LEADS_WEBHOOK_HEADER_VALUE),
  };
}

/** The form's webhook as recorded with a delivery (no credentials), or null when none is configured. */
export function webhookUrlFor(form: LeadForm): string | null {
  return webhookFor(form)?.record ?? null;
}
