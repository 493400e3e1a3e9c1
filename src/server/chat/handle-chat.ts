import 'server-only';
import { chatConfig } from '@/config/chat';
import { chatApiCopy } from '@/content/chat';
import { env } from '@/env';
import { parseBody } from '@/server/http/body';
import { guardPublicPost, isRefusal, json, refuse, runEndpoint, type LogFields, type Refusal } from '@/server/http/endpoint';
import { postChatWebhook } from './post-chat-webhook';
import { parseChatRequest } from './schema';
import { interpretWebhookResult, type DemoReason } from './webhook-answer';

/**
 * POST /api/chat: the chat widget's proxy to the chat webhook (n8n chat protocol, docs/api.md).
 * Only ids, sizes and timings are logged: never the message, the reply or the address.
 */

/** Chat bodies are small: a 2000-character message plus a little metadata. */
export const MAX_CHAT_BODY_BYTES = 16 * 1024;

type Answer = { status: 200; kind: 'reply'; output: string } | { status: 200; kind: 'demo'; reason: DemoReason };

async function decide(request: Request, logFields: LogFields): Promise<Answer | Refusal> {
  const guard = await guardPublicPost(request, 'chat', env.CHAT_RATE_LIMIT_PER_MINUTE);
  if (isRefusal(guard)) return guard;

  const parsed = await parseBody(request, { limit: MAX_CHAT_BODY_BYTES, forms: false });
  if (isRefusal(parsed)) return parsed;
  const valid = parseChatRequest(parsed.body);
  if (!valid.ok) return refuse('validation', { fieldErrors: valid.fieldErrors });
  const { sessionId, chatInput, metadata } = valid.value;
  logFields.input_chars = chatInput.length;

  const url = env.CHAT_WEBHOOK_URL;
  let transport = null;
  if (url) {
    const body = JSON.stringify({ action: 'sendMessage', sessionId, route: chatConfig.webhookRoute, chatInput, metadata });
    const started = performance.now();
    transport = await postChatWebhook(url, body, env.CHAT_TIMEOUT_MS);
    logFields.webhook_ms = Math.round(performance.now() - started);
  }
  const answer = interpretWebhookResult(transport);
  if (answer.kind === 'reply') return { status: 200, kind: 'reply', output: answer.output };
  if (answer.kind === 'demo') {
    logFields.reason = answer.reason;
    return { status: 200, kind: 'demo', reason: answer.reason };
  }
  return refuse('upstream', { message: chatApiCopy.upstream, reason: answer.reason });
}

export function handleChatPost(request: Request): Promise<Response> {
  return runEndpoint(
    {
      name: 'chat',
      decide,
      respond: (answer) => (answer.kind === 'reply' ? json(200, { output: answer.output }) : json(200, { output: chatApiCopy.demoGreeting, demo: true })),
    },
    request,
  );
}
