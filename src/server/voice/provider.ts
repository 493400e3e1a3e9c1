import 'server-only';
import { postJson } from '@/server/http/post-json';

/**
 * The one call to the voice provider (Retell): POST {base}/v2/create-web-call
 * with the server-held key. Only the access token (and the call id, for our
 * logs) is taken from the answer; the key never leaves this process.
 *
 * The call itself goes through src/server/http/post-json.ts (one deadline, no
 * redirects).
 */

export type VoiceProviderConfig = { baseUrl: string; apiKey: string; agentId: string; timeoutMs: number };

/** Non-personal context sent with the call, visible in the provider's call log. */
export type WebCallMetadata = { source: 'website_voice_demo'; page_path: string | null };

export type CreateWebCallRequest = { url: string; headers: Record<string, string>; body: string };

export type CreateWebCallResult =
  | { ok: true; accessToken: string; callId: string | null }
  | { ok: false; kind: 'http_error' | 'unreachable' | 'timeout' | 'invalid_response'; httpStatus: number | null; reason: string };

/** Longest piece of the provider's error body kept in the reason (server log and 502 body). */
export const MAX_ERROR_BODY_CHARS = 300;
/** Larger answers are not read to the end: a create-web-call answer is well under 2 KB. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function buildCreateWebCallRequest(
  config: Pick<VoiceProviderConfig, 'baseUrl' | 'apiKey' | 'agentId'>,
  metadata: WebCallMetadata,
): CreateWebCallRequest {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/v2/create-web-call`;
  return {
    url,
    headers: {
      Authorization: `Bearer ${config.apiKey}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    // The sample rate is not a call setting: the browser passes it to startCall().
    body: JSON.stringify({ agent_id: config.agentId, metadata, retell_llm_dynamic_variables: {} }),
  };
}

/** SPEC section 8's wording, with the body on one line, truncated, and the key blanked should the provider echo it. */
export function httpErrorReason(status: number, body: string, apiKey?: string): string {
  let text = body.replace(/\s+/g, ' ').trim();
  if (apiKey) text = text.split(apiKey).join('[redacted]');
  if (text.length > MAX_ERROR_BODY_CHARS) text = `${text.slice(0, MAX_ERROR_BODY_CHARS)}...`;
  return `HTTP error! status: ${status}, message: ${text}`;
}

/** Reads the token (and call id) out of a 2xx answer; null when it has none. */
export function parseWebCallResponse(body: string): { accessToken: string; callId: string | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { access_token: accessToken, call_id: callId } = parsed as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > 8192) return null;
  return { accessToken, callId: typeof callId === 'string' ? callId.slice(0, 200) : null };
}

export async function createWebCall(config: VoiceProviderConfig, metadata: WebCallMetadata): Promise<CreateWebCallResult> {
  const request = buildCreateWebCallRequest(config, metadata);
  const result = await postJson(request.url, request.body, { headers: request.headers, timeoutMs: config.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES });
  if (!result.ok) {
    if (result.failure === 'timeout')
      return { ok: false, kind: 'timeout', httpStatus: null, reason: `Voice provider did not answer within ${config.timeoutMs} ms` };
    if (result.failure === 'invalid_url')
      return { ok: false, kind: 'unreachable', httpStatus: null, reason: `Voice provider URL is invalid (${result.error})` };
    return { ok: false, kind: 'unreachable', httpStatus: null, reason: `Voice provider unreachable (${result.code ?? result.error})` };
  }
  // A cut-short answer is judged by its status and what arrived.
  const { status, body } = result;
  if (status < 200 || status >= 300) return { ok: false, kind: 'http_error', httpStatus: status || null, reason: httpErrorReason(status, body, config.apiKey) };
  const parsed = parseWebCallResponse(body);
  if (!parsed) return { ok: false, kind: 'invalid_response', httpStatus: status, reason: `Voice provider answered ${status} without an access token` };
  return { ok: true, ...parsed };
}
