import 'server-only';
import { postJson } from '@/server/http/post-json';
import type { TransportResult } from './webhook-answer';

/** The webhook's answer is read up to this size; a bigger one is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * One POST to the chat webhook and its whole answer, within `timeoutMs`
 * (src/server/http/post-json.ts: no redirects, one deadline, a stale pooled
 * socket retried once). An answer cut short counts as unreachable; one over
 * MAX_RESPONSE_BYTES as too large.
 */
export async function postChatWebhook(url: string, body: string, timeoutMs: number): Promise<TransportResult> {
  const result = await postJson(url, body, { timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, retryStaleSocket: true });
  if (!result.ok) return { ok: false, failure: result.failure };
  if (result.cut === 'too_large') return { ok: false, failure: 'too_large' };
  if (result.cut === 'dropped') return { ok: false, failure: 'unreachable' };
  return { ok: true, status: result.status, contentType: result.contentType, body: result.body };
}
