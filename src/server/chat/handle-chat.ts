import 'server-only';
import { chatConfig } from '@/config/chat';
import { chatApiCopy } from '@/content/chat';
import { env } from '@/env';
import { parseBody } from '@/server/http/body';
import {
  guardBudget,
  guardPublicPost,
  isRefusal,
  json,
  refuse,
  runEndpoint,
  type BudgetAlert,
  type LogFields,
  type Refusal,
} from '@/server/http/endpoint';
import { authHeader } from '@/server/http/credentials';
import { streamPost } from '@/server/http/post-json';
import { log } from '@/server/log';
import { readWebhookReply, streamFailure, type ReplyStream } from './read-reply';
import { parseChatRequest } from './schema';
import { ndjsonResponse, wantsStream } from './stream-response';
import { type ChatAnswer, type DemoReason } from './webhook-answer';
import { recordChatWebhook } from './webhook-health';

/**
 * POST /api/chat: the chat widget's proxy to the chat webhook (docs/api.md). A streamed answer goes
 * as it arrives to a client that accepts application/x-ndjson; others get one JSON body. Only ids,
 * sizes and timings are logged: never the message, the reply, the address or the webhook's URL.
 */

/** Chat bodies are small: a 2000-character message plus a little metadata. */
const MAX_CHAT_BODY_BYTES = 16 * 1024;

type Answer =
  | { status: 200; kind: 'reply'; output: string }
  | { status: 200; kind: 'demo'; reason: DemoReason }
  | { status: 200; kind: 'stream'; stream: ReplyStream };

const CREDENTIALS_HINT =
  'the webhook refused the credentials: CHAT_WEBHOOK_HEADER_NAME and CHAT_WEBHOOK_HEADER_VALUE must be the n8n Header Auth ' +
  "credential's name and value (or the user:password in CHAT_WEBHOOK_URL the Chat Trigger's Basic Auth), and the credential " +
  'must be selected in the Webhook node and the workflow published again';

/** What an operator should check, by cause, so the log alone explains the demo greeting. */
const hints: Partial<Record<string, string>> = {
  not_found:
    "the webhook answered 404: use n8n's production chat URL (/webhook/<id>/chat, not /webhook-test/), make the Chat Trigger public and publish the workflow",
  timeout:
    'no answer in time (CHAT_IDLE_TIMEOUT_MS for the first byte, CHAT_TIMEOUT_MS for all of it)',
  unreachable: 'the webhook could not be reached',
  not_json:
    'the webhook answered a page that is not JSON (a login page or a proxy in front of n8n?)',
  empty_reply:
    "the workflow's last node returned nothing: end it with an item that has an `output` text field, or use the Streaming response mode with an AI Agent",
  stream_error: 'the workflow failed (n8n sent an error in its stream): see its executions in n8n',
  no_output: 'the answer has no `output` text field',
  http_401: CREDENTIALS_HINT,
  http_403: CREDENTIALS_HINT,
};

/** With CHAT_WEBHOOK_URL set, a demo greeting or an error is a misconfiguration: warn, with why. */
function warnWebhook(reason: string, httpStatus: number | null, cause: string | null): void {
  log('warn', 'chat.webhook_problem', {
    reason,
    http_status: httpStatus,
    cause,
    hint: hints[reason],
  });
}

/** A JSON client (no application/x-ndjson in Accept) gets a streamed reply whole. */
async function collect(stream: ReplyStream): Promise<ChatAnswer> {
  let output = stream.first;
  for (;;) {
    const step = await stream.rest.next();
    if (step.done)
      return step.value.ok
        ? { kind: 'reply', output }
        : { kind: 'error', reason: streamFailure(step.value.reason) };
    output += step.value;
  }
}

function upstreamRefusal(reason: string): Refusal {
  return refuse('upstream', {
    message: reason === 'empty_reply' ? chatApiCopy.emptyReply : chatApiCopy.upstream,
    reason,
    // The panel shows its own words for a workflow that said nothing (docs/api.md).
    ...(reason === 'empty_reply' ? { extra: { detail: 'empty_reply' } } : {}),
  });
}

async function decide(
  request: Request,
  logFields: LogFields,
  budgetAlert?: BudgetAlert,
): Promise<Answer | Refusal> {
  const guard = await guardPublicPost(request, 'chat', env.CHAT_RATE_LIMIT_PER_MINUTE);
  if (isRefusal(guard)) return guard;

  const parsed = await parseBody(request, { limit: MAX_CHAT_BODY_BYTES, forms: false });
  if (isRefusal(parsed)) return parsed;
  const valid = parseChatRequest(parsed.body);
  if (!valid.ok) return refuse('validation', { fieldErrors: valid.fieldErrors });
  const { sessionId, chatInput, metadata } = valid.value;
  logFields.input_chars = chatInput.length;

  const url = env.CHAT_WEBHOOK_URL;
  if (!url) {
    logFields.reason = 'not_configured';
    return { status: 200, kind: 'demo', reason: 'not_configured' };
  }
  // Counted only for a message the paid model behind the webhook would answer.
  const overBudget = await guardBudget('chat', env.CHAT_MESSAGES_PER_HOUR, budgetAlert);
  if (overBudget) return overBudget;
  const body = JSON.stringify({
    action: 'sendMessage',
    sessionId,
    route: chatConfig.webhookRoute,
    chatInput,
    metadata,
  });
  const started = performance.now();
  const post = streamPost(url, body, {
    headers: authHeader(env.CHAT_WEBHOOK_HEADER_NAME, env.CHAT_WEBHOOK_HEADER_VALUE),
    timeoutMs: env.CHAT_TIMEOUT_MS,
    idleMs: Math.min(env.CHAT_IDLE_TIMEOUT_MS, env.CHAT_TIMEOUT_MS),
  });
  const reply = await readWebhookReply(post);
  let answer = reply.answer;
  if (answer.kind === 'stream' && !wantsStream(request.headers)) answer = await collect(answer);
  logFields.webhook_ms = Math.round(performance.now() - started);
  logFields.webhook_status = reply.httpStatus;

  if (answer.kind === 'stream') {
    recordChatWebhook(reply.httpStatus, null);
    return { status: 200, kind: 'stream', stream: answer };
  }
  recordChatWebhook(reply.httpStatus, answer.kind === 'reply' ? null : answer.reason);
  if (answer.kind === 'reply') return { status: 200, kind: 'reply', output: answer.output };
  warnWebhook(answer.reason, reply.httpStatus, reply.cause);
  if (answer.kind === 'demo') {
    logFields.reason = answer.reason;
    return { status: 200, kind: 'demo', reason: answer.reason };
  }
  return upstreamRefusal(answer.reason);
}

/** `budgetAlert` tells the agency when CHAT_MESSAGES_PER_HOUR is reached (once an hour). */
export function handleChatPost(request: Request, budgetAlert?: BudgetAlert): Promise<Response> {
  return runEndpoint(
    {
      name: 'chat',
      decide: (request, logFields) => decide(request, logFields, budgetAlert),
      respond: (answer) => {
        if (answer.kind === 'stream') return ndjsonResponse(answer.stream);
        return answer.kind === 'reply'
          ? json(200, { output: answer.output })
          : json(200, { output: chatApiCopy.demoGreeting, demo: true });
      },
    },
    request,
  );
}
