import 'server-only';
import { describeError } from '@/server/log';

export type PostResult = { ok: boolean; httpStatus: number | null; error: string | null };

/**
 * One HTTP attempt. Success is a 2xx within the timeout. Redirects are not
 * followed (a moved endpoint must be fixed in the configuration, not chased
 * with personal data); the response body is ignored and never stored, since
 * it may echo the lead back.
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal, cache: 'no-store' });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, httpStatus: response.status, error: null };
    const kind = response.status >= 300 && response.status < 400 ? 'redirect not followed' : 'non-2xx response';
    return { ok: false, httpStatus: response.status || null, error: `HTTP ${response.status} (${kind})` };
  } catch (error) {
    if (signal.aborted) return { ok: false, httpStatus: null, error: `timeout after ${timeoutMs} ms` };
    return { ok: false, httpStatus: null, error: describeError(error) };
  }
}
