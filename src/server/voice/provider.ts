import 'server-only';
import { postJson } from '@/server/http/post-json';

/**
 * The one call to the voice provider (docs/product.md section 10.3), with the server-held key.
 * Only the access token (and the call id, for the log) is taken from the answer.
 */

export type VoiceProviderConfig = {
  baseUrl: string;
  apiKey: string;
  agentId: string;
  timeoutMs: number;
};

/** Non-personal context sent with the call, visible in the provider's call log. */
export type WebCallMetadata = { source: 'website_voice_demo'; page_path: string | null };

export type CreateWebCallRequest = { url: string; headers: Record<string, string>; body: string };

export type CreateWebCallResult =
  | { ok: true; accessToken: string; callId: string | null }
  | {
      ok: false;
      kind: 'http_error' | 'unreachable' | 'timeout' | 'invalid_response';
      httpStatus: number | null;
      /** Safe for the browser: fixed wording with at most the provider's status or socket error code. */
      publicMessage: string;
      /** For the log only: what the provider said, secrets redacted, cut short. */
      detail: string;
    };

/** Longest piece of the provider's error body kept for the log. */
const MAX_ERROR_BODY_CHARS = 300;
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

/** docs/product.md section 9.3's wording without the body, which may echo the key and agent id. */
export function httpErrorMessage(status: number): string {
  return `HTTP error! status: ${status}`;
}

/**
 * Every way a provider's answer might carry a secret, for the log: the value in any letter case,
 * base64, base64url or URL-encoded, and any run of 8 or more of its characters (a prefix or a
 * fragment). Each is replaced with [redacted]; the result is on one line and cut short.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const secret of secrets.filter((value) => value.length >= 4)) {
    const forms = [
      secret,
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      encodeURIComponent(secret),
    ];
    for (const form of forms)
      out = out.replace(
        new RegExp(form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'),
        '[redacted]',
      );
    // Tokens that share 8 or more consecutive characters with the secret (case-insensitive).
    const lower = forms.map((form) => form.toLowerCase());
    out = out.replace(/[A-Za-z0-9_\-+/=.]{8,}/g, (token) => {
      const t = token.toLowerCase();
      for (let i = 0; i + 8 <= t.length; i += 1)
        if (lower.some((form) => form.includes(t.slice(i, i + 8)))) return '[redacted]';
      return token;
    });
  }
  return out.length > MAX_ERROR_BODY_CHARS ? `${out.slice(0, MAX_ERROR_BODY_CHARS)}...` : out;
}

/** Reads the token (and call id) out of a 2xx answer; null when it has none. */
export function parseWebCallResponse(
  body: string,
): { accessToken: string; callId: string | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { access_token: accessToken, call_id: callId } = parsed as Record<string, unknown>;
  if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > 8192)
    return null;
  return { accessToken, callId: typeof callId === 'string' ? callId.slice(0, 200) : null };
}

export async function createWebCall(
  config: VoiceProviderConfig,
  metadata: WebCallMetadata,
): Promise<CreateWebCallResult> {
  const request = buildCreateWebCallRequest(config, metadata);
  const result = await postJson(request.url, request.body, {
    headers: request.headers,
    timeoutMs: config.timeoutMs,
    maxResponseBytes: MAX_RESPONSE_BYTES,
  });
  const failure = (
    kind: Exclude<CreateWebCallResult, { ok: true }>['kind'],
    publicMessage: string,
    detail: string,
    httpStatus: number | null = null,
  ) =>
    ({
      ok: false,
      kind,
      httpStatus,
      publicMessage,
      detail: redactSecrets(detail, [config.apiKey, config.agentId]),
    }) as const;
  if (!result.ok) {
    if (result.failure === 'timeout')
      return failure('timeout', 'Voice provider did not answer in time', result.error);
    if (result.failure === 'invalid_url')
      return failure('unreachable', 'Voice provider URL is invalid', result.error);
    return failure(
      'unreachable',
      `Voice provider unreachable${result.code ? ` (${result.code})` : ''}`,
      result.error,
    );
  }
  // A cut-short answer is judged by its status and what arrived.
  const { status, body } = result;
  if (status < 200 || status >= 300)
    return failure('http_error', httpErrorMessage(status), body, status || null);
  const parsed = parseWebCallResponse(body);
  if (!parsed)
    return failure(
      'invalid_response',
      `Voice provider answered ${status} without an access token`,
      body,
      status,
    );
  // The call id goes to the log, so it passes the same redaction as the provider's errors.
  const callId = parsed.callId && redactSecrets(parsed.callId, [config.apiKey, config.agentId]);
  return { ok: true, accessToken: parsed.accessToken, callId };
}
