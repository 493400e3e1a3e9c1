import 'server-only';
import { env } from '@/env';
import { describeError, log } from '@/server/log';
import { clientAddress, rateLimitKey } from './client-address';
import { checkRateLimit, spendHourlyBudget } from './rate-limit';
import { isSameOrigin } from './same-origin';

/**
 * The one shape of every API endpoint: docs/architecture.md, "Server". `decide` returns a success
 * or a Refusal with a code of docs/api.md, `respond` turns the success into a Response. Clients
 * turn codes into copy, so none compares message text.
 */

const errorCodes = {
  bad_request: 'The request could not be read.',
  unauthorized: 'Sign in first.',
  forbidden: 'This endpoint only accepts requests from this site.',
  not_found: 'There is nothing here.',
  method_not_allowed: 'This method is not allowed here.',
  timeout: 'The body took too long to arrive.',
  too_large: 'The body is too large.',
  unsupported_media_type: 'This content type is not accepted here.',
  validation: 'Some fields are not valid.',
  rate_limited: 'Too many requests. Please try again later.',
  upstream: 'The service behind this endpoint did not answer as expected.',
  not_configured: 'This feature is not configured.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  over_budget: 'This service has reached its limit for this hour. Please try again later.',
} as const;

export type ErrorCode = keyof typeof errorCodes;

const statusOf = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  timeout: 408,
  too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  upstream: 502,
  not_configured: 503,
  unavailable: 503,
  over_budget: 503,
} as const satisfies Record<ErrorCode, number>;

/** Field name -> error code (e.g. 'required', 'invalid'); see docs/api.md. */
type FieldErrors = Record<string, string>;

export type Refusal = {
  refused: ErrorCode;
  status: number;
  /** A more precise message than the code's default: public, never secrets or what was sent. */
  message?: string;
  fieldErrors?: FieldErrors;
  retryAfterSeconds?: number;
  /** Extra public fields of the JSON answer (e.g. the provider's HTTP status). */
  extra?: Record<string, unknown>;
  /** Logged, never sent. */
  reason?: string;
};

export function refuse(
  code: ErrorCode,
  details: Omit<Refusal, 'refused' | 'status'> = {},
): Refusal {
  return { refused: code, status: statusOf[code], ...details };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** The JSON answer to a refusal (docs/api.md), with Retry-After when it says when to come back. */
export function refusalResponse(refusal: Refusal): Response {
  const { refused, status, message, fieldErrors, retryAfterSeconds, extra } = refusal;
  const body = {
    error: refused,
    message: message ?? errorCodes[refused],
    ...(fieldErrors && { fieldErrors }),
    ...(retryAfterSeconds && { retryAfter: retryAfterSeconds }),
    ...extra,
  };
  return json(status, body, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Handlers for the methods a route does not take, each a 405 with the JSON above and `Allow`
 * (Next.js answers an unexported method with an empty 405), and OPTIONS naming the same methods
 * (Next.js's own would list every exported one): `export const { GET, PUT, PATCH, DELETE, OPTIONS }
 * = otherMethods('POST');`. HEAD stays Next.js's.
 */
export function otherMethods(...allowed: Method[]): Record<Method | 'OPTIONS', () => Response> {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const refused = () => {
    const response = refusalResponse(refuse('method_not_allowed'));
    response.headers.set('Allow', allow);
    return response;
  };
  const options = () => new Response(null, { status: 204, headers: { Allow: allow } });
  return Object.fromEntries([
    ...METHODS.filter((method) => !allowed.includes(method)).map((method) => [method, refused]),
    ['OPTIONS', options],
  ]) as Record<Method | 'OPTIONS', () => Response>;
}

/** What the endpoint adds to its one log line (sizes, timings, ids: never personal data). */
export type LogFields = Record<string, unknown>;

export type Success = { status: number; kind: string };

export type EndpointSpec<S extends Success> = {
  /** The log event is `${name}.request`. */
  name: string;
  decide(request: Request, logFields: LogFields): Promise<S | Refusal>;
  respond(success: S): Response;
  /** Answers a refusal otherwise than JSON (e.g. a redirect for a plain form post). */
  refusalResponse?(refusal: Refusal, request: Request): Response;
};

/** Runs one request through an endpoint: never throws, never answers 500. */
export async function runEndpoint<S extends Success>(
  spec: EndpointSpec<S>,
  request: Request,
): Promise<Response> {
  const started = performance.now();
  const fields: LogFields = {};
  let outcome: S | Refusal;
  try {
    outcome = await spec.decide(request, fields);
  } catch (error) {
    log('error', `${spec.name}.request_error`, { error: describeError(error) });
    outcome = refuse('unavailable');
  }
  const refusal = isRefusal(outcome) ? outcome : null;
  const response = refusal
    ? (spec.refusalResponse ?? refusalResponse)(refusal, request)
    : spec.respond(outcome as S);
  log(response.status >= 500 ? 'warn' : 'info', `${spec.name}.request`, {
    status: response.status,
    outcome: refusal ? refusal.refused : (outcome as S).kind,
    reason: refusal?.reason,
    invalid_fields: refusal?.fieldErrors ? Object.keys(refusal.fieldErrors) : undefined,
    ...fields,
    duration_ms: Math.round(performance.now() - started),
  });
  return response;
}

/**
 * The checks every public POST endpoint makes first: same origin, then the rate limit of `scope`.
 * Returns the client address for whatever the endpoint records, or the refusal.
 */
export async function guardPublicPost(
  request: Request,
  scope: string,
  limitPerMinute: number,
): Promise<{ address: string } | Refusal> {
  if (
    !isSameOrigin(
      request.headers,
      env.NEXT_PUBLIC_SITE_URL,
      env.TRUST_PROXY.kind !== 'none',
      request.url,
    )
  )
    return refuse('forbidden');
  const address = clientAddress(request.headers, env.TRUST_PROXY);
  const rate = await checkRateLimit(scope, rateLimitKey(address), limitPerMinute);
  if (!rate.allowed) return refuse('rate_limited', { retryAfterSeconds: rate.retryAfterSeconds });
  return { address };
}

/** Tells the agency a paid service reached its hourly budget (outbox/budget-alert.ts). */
export type BudgetAlert = (service: 'chat' | 'voice', limit: number, now: Date) => Promise<void>;

/**
 * Spends one of a paid service's uses this hour (http/rate-limit.ts): past `perHour` from all
 * visitors, a 503 until the hour ends, and on the hour's first refusal a warning and `alert`.
 */
export async function guardBudget(
  service: 'chat' | 'voice',
  perHour: number,
  alert: BudgetAlert | undefined,
): Promise<Refusal | null> {
  const budget = await spendHourlyBudget(service, perHour);
  if (budget.allowed) return null;
  if (budget.firstRefused) {
    log('warn', `${service}.budget_reached`, { limit: budget.limit });
    await alert?.(service, budget.limit, new Date()).catch((error: unknown) =>
      log('error', `${service}.budget_alert_failed`, { error: describeError(error) }),
    );
  }
  return refuse('over_budget', { retryAfterSeconds: budget.retryAfterSeconds, reason: 'budget' });
}
