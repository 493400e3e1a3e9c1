import 'server-only';
import { env } from '@/env';
import { siteConfig } from '@/config/site';
import { chatTestMessage } from '@/content/emails';
import { fill } from '@/lib/fill';
import { getDatabase } from '@/server/db/client';
import { postJson } from '@/server/http/post-json';
import { askedToWait, retryAfterMs } from './backoff';
import { recordHealth } from './delivery-health';
import { chatUrl, inboxLinks } from './targets';
import { pathWorked, warnOnce } from './warn-once';

export type ChatPostResult = {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  /** How long the chat app asked to be left alone (Slack answers 429 past about one a second). */
  retryAfterMs: number | null;
  /** It answered 429: it works, and asks for fewer messages, so its health is not marked failing. */
  throttled: boolean;
};

/** One message to the chat app's incoming webhook (Slack's shape: `{ text }`). */
export async function postChatText(
  url: string,
  text: string,
  timeoutMs: number,
): Promise<ChatPostResult> {
  const result = await postJson(url, JSON.stringify({ text }), {
    timeoutMs,
    headers: { 'Content-Type': 'application/json' },
  });
  const ok = result.ok && result.status >= 200 && result.status < 300;
  const wait = result.ok ? retryAfterMs(result.status, result.retryAfter) : null;
  const error = ok
    ? null
    : result.ok
      ? `HTTP ${result.status} from the chat app${askedToWait(wait)}`
      : `The chat app could not be reached (${result.failure})`;
  const throttled = result.ok && result.status === 429;
  if (ok) pathWorked('chat');
  else if (!throttled) warnOnce('chat', error!, 'chat_notify.failing', { error });
  return { ok, httpStatus: result.ok ? result.status : null, error, retryAfterMs: wait, throttled };
}

export type TestChatResult =
  | (Omit<ChatPostResult, 'retryAfterMs' | 'throttled'> & { sent: true; durationMs: number })
  | { sent: false };

/**
 * 'Send test message': one message to the chat app that says it is a test and names no lead,
 * awaited so the inbox can show the answer; what it says about the chat app goes to delivery
 * health like any attempt's.
 */
export async function sendTestChatMessage(): Promise<TestChatResult> {
  const url = chatUrl();
  if (!url) return { sent: false };
  const text = fill(chatTestMessage, { brand: siteConfig.brandName, link: inboxLinks.inbox() });
  const started = performance.now();
  const { ok, httpStatus, error, throttled } = await postChatText(
    url,
    text,
    env.LEADS_WEBHOOK_TIMEOUT_MS,
  );
  const durationMs = Math.round(performance.now() - started);
  const { db } = await getDatabase();
  if (!throttled) await recordHealth({ db, path: 'chat', ok, at: new Date(), error });
  return { sent: true, ok, httpStatus, error, durationMs };
}
