import 'server-only';
import { postJson } from '@/server/http/post-json';
import { askedToWait, retryAfterMs } from './backoff';

export type PostResult = {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  /** How long the receiver asked to be left alone (429 or 503 with Retry-After). */
  retryAfterMs?: number | null;
};

/**
 * One delivery attempt: success is a 2xx within the timeout, redirects are not followed, and the
 * body is never stored, since it may echo the lead back.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const result = await postJson(url, body, { headers, timeoutMs });
  if (!result.ok) return { ok: false, httpStatus: null, error: result.error };
  const { status } = result;
  if (status >= 200 && status < 300) return { ok: true, httpStatus: status, error: null };
  const kind = status >= 300 && status < 400 ? 'redirect not followed' : 'non-2xx response';
  const wait = retryAfterMs(status, result.retryAfter);
  return {
    ok: false,
    httpStatus: status || null,
    error: `HTTP ${status} (${kind}${askedToWait(wait)})`,
    retryAfterMs: wait,
  };
}
