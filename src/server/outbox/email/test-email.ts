import 'server-only';
import { randomUUID } from 'node:crypto';
import { env } from '@/env';
import { getDatabase } from '@/server/db/client';
import { recordHealth } from '@/server/outbox/delivery-health';
import { alertRecipients } from '@/server/outbox/targets';
import { alertMessage } from './compose';
import { sendEmail } from './send';

export type TestEmailResult =
  | {
      sent: true;
      ok: boolean;
      to: string;
      /** The mail server's answer, or what went wrong in words (authentication failed...). */
      reply: string | null;
      error: string | null;
      durationMs: number;
      at: Date;
    }
  | { sent: false; reason: 'email_off' | 'no_recipient'; words: string | null };

/**
 * 'Send test email': one message to the agency's first alert address, through the same mail
 * server and code path as every job, awaited, so the inbox can show the server's answer. What it
 * says about the mail server goes to delivery health like any attempt's; the message is not stored.
 */
export async function sendTestEmail(): Promise<TestEmailResult> {
  const [to] = alertRecipients();
  if (!to) return { sent: false, reason: 'no_recipient', words: null };
  const at = new Date();
  const started = performance.now();
  const result = await sendEmail(
    randomUUID(),
    to,
    alertMessage({ kind: 'test', to }),
    env.LEADS_WEBHOOK_TIMEOUT_MS,
  );
  if (!result.ok && result.off) return { sent: false, reason: 'email_off', words: result.words };
  const durationMs = Math.round(performance.now() - started);
  const error = result.ok ? null : result.words;
  if (result.ok || result.path) {
    const { db } = await getDatabase();
    await recordHealth({ db, path: 'email', ok: result.ok, at: new Date(), error });
  }
  return { sent: true, ok: result.ok, to, reply: result.reply, error, durationMs, at };
}
