import 'server-only';
import { env } from '@/env';
import { processGlobals } from '@/server/process';

/**
 * The chat webhook's last state in this process, for GET /api/health, where a misconfigured webhook
 * would otherwise look just like the demo assistant. Codes only: the health endpoint is public.
 */
export type ChatWebhookHealth = {
  configured: boolean;
  /** The webhook's last HTTP status (null: never called, or no answer). */
  lastStatus: number | null;
  /** What went wrong with the last message (a code such as not_found), null when it went well. */
  lastError: string | null;
  /** When the last message was sent to it (ISO 8601), null before the first. */
  at: string | null;
};

const state = processGlobals;
state.__chatWebhookHealth ??= { lastStatus: null, lastError: null, at: null };

export function recordChatWebhook(
  lastStatus: number | null,
  lastError: string | null,
  at = new Date(),
): void {
  state.__chatWebhookHealth = { lastStatus, lastError, at: at.toISOString() };
}

/** A failure after the reply began: keeps the status already known, updates the error. */
export function recordChatStreamFailure(lastError: string): void {
  state.__chatWebhookHealth = { ...state.__chatWebhookHealth!, lastError };
}

export function chatWebhookHealth(): ChatWebhookHealth {
  return { configured: Boolean(env.CHAT_WEBHOOK_URL), ...state.__chatWebhookHealth! };
}
