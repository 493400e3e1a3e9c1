import 'server-only';
import { env } from '@/env';
import { checkRateLimit } from '@/server/http/rate-limit';
import { isSameOrigin } from '@/server/http/same-origin';
import { clientAddress } from '@/server/http/client-address';
import { readBody } from '@/server/http/read-body';
import { describeError, log } from '@/server/log';
import { createWebCall, type CreateWebCallResult, type WebCallMetadata } from './provider';

/**
 * POST /api/voice/web-call: the browser asks for a live call with the demo
 * agent and gets back only an access token for the call's media room. The
 * provider key and agent id stay on the server. Every path ends in a
 * deliberate status; nothing answers 500. See README "Voice demo".
 */

export const NOT_CONFIGURED_MESSAGE = 'Voice demo is not configured';
const MAX_BODY_BYTES = 2048;

type Outcome =
  | { status: 200; kind: 'created'; accessToken: string; callId: string | null }
  | { status: 403; kind: 'cross_origin' }
  | { status: 429; kind: 'rate_limited'; retryAfterSeconds: number }
  | { status: 502; kind: Exclude<CreateWebCallResult, { ok: true }>['kind']; reason: string; httpStatus: number | null }
  | { status: 503; kind: 'not_configured' | 'unavailable' };

/**
 * The page the demo was started from, as a bare path (no query or fragment,
 * which could carry personal data). Anything else is dropped, never refused.
 */
export function pagePathFrom(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>).page_path;
  if (typeof value !== 'string') return null;
  return /^\/[A-Za-z0-9\-._~/]{0,199}$/.test(value) ? value : null;
}

/** The optional JSON body ({ page_path }); anything unreadable, too large or too slow counts as none. */
async function readJson(request: Request): Promise<unknown> {
  const read = await readBody(request, MAX_BODY_BYTES);
  if (!read.ok || read.bytes.length === 0) return null;
  try {
    return JSON.parse(new TextDecoder().decode(read.bytes)) as unknown;
  } catch {
    return null;
  }
}

async function decide(request: Request): Promise<Outcome> {
  // A browser always sends Origin on a POST: another site's page cannot spend our provider minutes.
  if (!isSameOrigin(request.headers, env.NEXT_PUBLIC_SITE_URL, env.TRUST_PROXY, request.url)) return { status: 403, kind: 'cross_origin' };
  const { RETELL_API_KEY: apiKey, RETELL_AGENT_ID: agentId } = env;
  if (!apiKey || !agentId) return { status: 503, kind: 'not_configured' };

  // Shared by every instance when DATABASE_URL is set (src/server/http/rate-limit.ts).
  const rate = await checkRateLimit('voice', clientAddress(request.headers, env.TRUST_PROXY), env.VOICE_RATE_LIMIT_PER_MINUTE);
  if (!rate.allowed) return { status: 429, kind: 'rate_limited', retryAfterSeconds: rate.retryAfterSeconds };

  const metadata: WebCallMetadata = { source: 'website_voice_demo', page_path: pagePathFrom(await readJson(request)) };
  const result = await createWebCall({ baseUrl: env.RETELL_BASE_URL, apiKey, agentId, timeoutMs: env.VOICE_TIMEOUT_MS }, metadata);
  if (result.ok) return { status: 200, kind: 'created', accessToken: result.accessToken, callId: result.callId };
  return { status: 502, kind: result.kind, reason: result.reason, httpStatus: result.httpStatus };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

function toResponse(outcome: Outcome): Response {
  switch (outcome.status) {
    case 200:
      // Only the token: the browser needs nothing else to join the call.
      return json(200, { access_token: outcome.accessToken });
    case 403:
      return json(403, { error: 'forbidden', message: 'Cross-origin requests are not allowed.' });
    case 429:
      return json(
        429,
        { error: 'rate_limited', message: 'Too many voice calls. Please try again later.', retryAfter: outcome.retryAfterSeconds },
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    case 502:
      return json(502, { error: 'provider_error', message: outcome.reason });
    case 503:
      return outcome.kind === 'not_configured'
        ? json(503, { error: 'not_configured', message: NOT_CONFIGURED_MESSAGE })
        : json(503, { error: 'unavailable', message: 'The voice demo is temporarily unavailable. Please try again shortly.' });
  }
}

export async function handleWebCallPost(request: Request): Promise<Response> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await decide(request);
  } catch (error) {
    log('error', 'voice.request_error', { error: describeError(error) });
    outcome = { status: 503, kind: 'unavailable' };
  }
  const duration = Math.round(performance.now() - started);
  if (outcome.status === 502) {
    log('warn', 'voice.provider_error', { outcome: outcome.kind, provider_status: outcome.httpStatus, reason: outcome.reason, duration_ms: duration });
  }
  log(outcome.status >= 500 ? 'warn' : 'info', 'voice.web_call', {
    status: outcome.status,
    outcome: outcome.kind,
    call_id: outcome.status === 200 ? outcome.callId : undefined,
    duration_ms: duration,
  });
  return toResponse(outcome);
}
