import 'server-only';
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
  type Refusal,
} from '@/server/http/endpoint';
import { log } from '@/server/log';
import { createWebCall, type WebCallMetadata } from './provider';

/**
 * POST /api/voice/web-call (docs/api.md): only an access token reaches the browser; what the
 * provider said goes to the log, redacted.
 */

const MAX_BODY_BYTES = 2048;

type Created = { status: 200; kind: 'created'; accessToken: string };

/**
 * The page the demo was started from as a bare path: a query or fragment could carry personal
 * data. Anything else is dropped, never refused.
 */
export function pagePathFrom(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>).page_path;
  if (typeof value !== 'string') return null;
  return /^\/[A-Za-z0-9\-._~/]{0,199}$/.test(value) ? value : null;
}

async function decide(
  request: Request,
  logFields: Record<string, unknown>,
  budgetAlert?: BudgetAlert,
): Promise<Created | Refusal> {
  const guard = await guardPublicPost(request, 'voice', env.VOICE_RATE_LIMIT_PER_MINUTE);
  if (isRefusal(guard)) return guard;
  const { RETELL_API_KEY: apiKey, RETELL_AGENT_ID: agentId } = env;
  if (!apiKey || !agentId)
    return refuse('not_configured', { message: 'Voice demo is not configured' });

  // The body is optional: anything unreadable counts as none. A body too large or stalled is
  // refused (413, 408) as on every POST endpoint, so such a client gets no paid call.
  const parsed = await parseBody(request, { limit: MAX_BODY_BYTES, forms: false });
  if (isRefusal(parsed) && (parsed.refused === 'timeout' || parsed.refused === 'too_large'))
    return parsed;
  // Counted only for a call the provider would be paid for.
  const overBudget = await guardBudget('voice', env.VOICE_CALLS_PER_HOUR, budgetAlert);
  if (overBudget) return overBudget;
  const metadata: WebCallMetadata = {
    source: 'website_voice_demo',
    page_path: isRefusal(parsed) ? null : pagePathFrom(parsed.body),
  };
  const result = await createWebCall(
    { baseUrl: env.RETELL_BASE_URL, apiKey, agentId, timeoutMs: env.VOICE_TIMEOUT_MS },
    metadata,
  );
  if (result.ok) {
    logFields.call_id = result.callId ?? undefined;
    return { status: 200, kind: 'created', accessToken: result.accessToken };
  }
  log('warn', 'voice.provider_error', {
    outcome: result.kind,
    provider_status: result.httpStatus,
    detail: result.detail,
  });
  return refuse('upstream', {
    message: result.publicMessage,
    reason: result.kind,
    extra: { providerStatus: result.httpStatus },
  });
}

/** `budgetAlert` tells the agency when VOICE_CALLS_PER_HOUR is reached (once an hour). */
export function handleWebCallPost(request: Request, budgetAlert?: BudgetAlert): Promise<Response> {
  return runEndpoint(
    {
      name: 'voice',
      decide: (request, logFields) => decide(request, logFields, budgetAlert),
      // Only the token: the browser needs nothing else to join the call.
      respond: (created) => json(200, { access_token: created.accessToken }),
    },
    request,
  );
}
