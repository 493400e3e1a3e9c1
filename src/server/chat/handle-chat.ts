import 'server-only';
import { chatConfig } from '@/config/chat';
import { siteConfig } from '@/config/site';
import { chatApiCopy } from '@/content/chat';
import { env } from '@/env';
import { checkRateLimit } from '@/server/http/rate-limit';
import { isSameOrigin } from '@/server/http/same-origin';
import { clientAddress } from '@/server/http/client-address';
import { mediaType, parseLeadBody } from '@/server/leads/parse-body';
import { describeError, log } from '@/server/log';
import { postChatWebhook } from './post-chat-webhook';
import { parseChatRequest, type ChatFieldErrors } from './schema';
import { interpretWebhookResult, isJsonContentType, type DemoReason } from './webhook-answer';

/**
 * POST /api/chat: the chat widget's proxy to the chat webhook (n8n chat
 * protocol). The route handler is one call into here. Every path ends in a
 * deliberate status, never 500: see README "Chat" for the contract.
 */

/** Chat bodies are small: a 2000-character message plus a little metadata. */
export const MAX_CHAT_BODY_BYTES = 16 * 1024;

type Outcome =
  | { status: 200; kind: 'reply'; output: string }
  | { status: 200; kind: 'demo'; reason: DemoReason }
  | { status: 502; kind: 'upstream_error'; reason: string }
  | { status: 400 | 408 | 413 | 415; kind: 'bad_request' | 'timeout' | 'too_large' | 'unsupported_media_type'; message: string }
  | { status: 403; kind: 'forbidden' }
  | { status: 422; kind: 'validation'; fieldErrors: ChatFieldErrors }
  | { status: 429; kind: 'rate_limited'; retryAfterSeconds: number }
  | { status: 503; kind: 'unavailable' };

type Context = { inputChars?: number; webhookMs?: number };

async function decide(request: Request, context: Context): Promise<Outcome> {
  if (!isSameOrigin(request.headers, siteConfig.siteUrl, env.TRUST_PROXY, request.url)) return { status: 403, kind: 'forbidden' };

  // Shared by every instance when DATABASE_URL is set (src/server/http/rate-limit.ts).
  const rate = await checkRateLimit('chat', clientAddress(request.headers, env.TRUST_PROXY), env.CHAT_RATE_LIMIT_PER_MINUTE);
  if (!rate.allowed) return { status: 429, kind: 'rate_limited', retryAfterSeconds: rate.retryAfterSeconds };

  if (!isJsonContentType(mediaType(request.headers.get('content-type')))) {
    return { status: 415, kind: 'unsupported_media_type', message: 'Send application/json.' };
  }
  const parsed = await parseLeadBody(request, MAX_CHAT_BODY_BYTES);
  if (!parsed.ok) return { status: parsed.status, kind: parsed.error, message: parsed.message };

  const valid = parseChatRequest(parsed.body);
  if (!valid.ok) return { status: 422, kind: 'validation', fieldErrors: valid.fieldErrors };
  const { sessionId, chatInput, metadata } = valid.value;
  context.inputChars = chatInput.length;

  const url = env.CHAT_WEBHOOK_URL;
  let transport = null;
  if (url) {
    const body = JSON.stringify({ action: 'sendMessage', sessionId, route: chatConfig.webhookRoute, chatInput, metadata });
    const started = performance.now();
    transport = await postChatWebhook(url, body, env.CHAT_TIMEOUT_MS);
    context.webhookMs = Math.round(performance.now() - started);
  }
  const answer = interpretWebhookResult(transport);
  if (answer.kind === 'reply') return { status: 200, kind: 'reply', output: answer.output };
  if (answer.kind === 'demo') return { status: 200, kind: 'demo', reason: answer.reason };
  return { status: 502, kind: 'upstream_error', reason: answer.reason };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

function toResponse(outcome: Outcome): Response {
  switch (outcome.kind) {
    case 'reply':
      return json(200, { output: outcome.output });
    case 'demo':
      return json(200, { output: chatApiCopy.demoGreeting, demo: true });
    case 'upstream_error':
      return json(502, { error: 'upstream', message: chatApiCopy.upstream });
    case 'forbidden':
      return json(403, { error: 'forbidden', message: chatApiCopy.forbidden });
    case 'validation':
      return json(422, { error: 'validation', fieldErrors: outcome.fieldErrors });
    case 'rate_limited':
      return json(
        429,
        { error: 'rate_limited', message: chatApiCopy.rateLimited, retryAfter: outcome.retryAfterSeconds },
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    case 'unavailable':
      return json(503, { error: 'unavailable', message: chatApiCopy.unavailable });
    default:
      return json(outcome.status, { error: outcome.kind, message: outcome.message });
  }
}

export async function handleChatPost(request: Request): Promise<Response> {
  const started = performance.now();
  const context: Context = {};
  let outcome: Outcome;
  try {
    outcome = await decide(request, context);
  } catch (error) {
    log('error', 'chat.request_error', { error: describeError(error) });
    outcome = { status: 503, kind: 'unavailable' };
  }
  // Ids, sizes and timings only: never the message, the reply or the address.
  log(outcome.status >= 500 ? 'warn' : 'info', 'chat.request', {
    status: outcome.status,
    outcome: outcome.kind,
    reason: outcome.kind === 'demo' || outcome.kind === 'upstream_error' ? outcome.reason : undefined,
    invalid_fields: outcome.kind === 'validation' ? Object.keys(outcome.fieldErrors) : undefined,
    input_chars: context.inputChars,
    webhook_ms: context.webhookMs,
    duration_ms: Math.round(performance.now() - started),
  });
  return toResponse(outcome);
}
