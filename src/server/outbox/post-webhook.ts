import 'server-only';
import { postJson } from '@/server/http/post-json';

export type PostResult = { ok: boolean; httpStatus: number | null; error: string | null };

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
  return { ok: false, httpStatus: status || null, error: `HTTP ${status} (${kind})` };
}
