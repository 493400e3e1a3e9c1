import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { describeError } from '@/server/log';

/**
 * The one call to the voice provider (Retell): POST {base}/v2/create-web-call
 * with the server-held key. Only the access token (and the call id, for our
 * logs) is taken from the answer; the key never leaves this process.
 *
 * node:http rather than fetch: inside the Next server, fetch is wrapped by the
 * framework (see src/server/outbox/post-webhook.ts).
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

export function buildCreateWebCallRequest(config: Pick<VoiceProviderConfig, 'baseUrl' | 'apiKey' | 'agentId'>, metadata: WebCallMetadata): CreateWebCallRequest {
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

export function createWebCall(config: VoiceProviderConfig, metadata: WebCallMetadata): Promise<CreateWebCallResult> {
  const request = buildCreateWebCallRequest(config, metadata);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: CreateWebCallResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(request.url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`unsupported protocol ${target.protocol}`);
    } catch (error) {
      finish({ ok: false, kind: 'unreachable', httpStatus: null, reason: `Voice provider URL is invalid (${describeError(error)})` });
      return;
    }
    const payload = Buffer.from(request.body);
    const outgoing = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      headers: { ...request.headers, 'Content-Length': String(payload.length) },
    });
    // One deadline for the whole exchange: connect, send, and the answer's last byte.
    timer = setTimeout(() => {
      finish({ ok: false, kind: 'timeout', httpStatus: null, reason: `Voice provider did not answer within ${config.timeoutMs} ms` });
      outgoing.destroy();
    }, config.timeoutMs);
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        else response.destroy();
      });
      const done = () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (status < 200 || status >= 300) {
          // Redirects are not followed: a moved endpoint is a configuration error.
          finish({ ok: false, kind: 'http_error', httpStatus: status || null, reason: httpErrorReason(status, body, config.apiKey) });
          return;
        }
        const parsed = parseWebCallResponse(body);
        if (!parsed) finish({ ok: false, kind: 'invalid_response', httpStatus: status, reason: `Voice provider answered ${status} without an access token` });
        else finish({ ok: true, ...parsed });
      };
      response.on('end', done);
      // Cut short (or over the size cap): judge by the status and what arrived.
      response.on('close', done);
      response.on('error', () => undefined);
    });
    outgoing.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code;
      finish({ ok: false, kind: 'unreachable', httpStatus: null, reason: `Voice provider unreachable (${code ?? describeError(error)})` });
    });
    outgoing.end(payload);
  });
}
