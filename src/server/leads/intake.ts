import 'server-only';
import { env } from '@/env';
import { formMessages, leadFormErrorUrl, leadFormPages } from '@/lib/lead-form-redirect';
import { attributionRules, isLeadForm, leadSchemas, messages, type Attribution, type FieldErrors, type LeadForm } from '@/lib/schemas/leads';
import { getDatabase } from '@/server/db/client';
import { describeError, log } from '@/server/log';
import { deliverAccepted } from '@/server/outbox/worker';
import { acceptLead } from './accept-lead';
import { checkRateLimit } from '@/server/http/rate-limit';
import { isSameOrigin } from '@/server/http/same-origin';
import { clientAddress, hashAddress } from '@/server/http/client-address';
import { webhookUrlFor } from './config';
import { mediaType, parseLeadBody } from './parse-body';
import { detectSpam } from './spam';

/**
 * POST /api/leads/{form}: parse, check, store, answer. The route handler is one
 * call into here. Every path ends in a deliberate status; anything unexpected
 * (the database being down, or a bug) is logged and answered 503, never 500.
 * See README "Lead API" for the contract.
 */

type Outcome =
  | { status: 201; kind: 'accepted' | 'spam'; leadId: string }
  | { status: 404; kind: 'unknown_form' }
  | { status: 403; kind: 'cross_origin' }
  | { status: 400 | 408 | 413 | 415; kind: 'bad_request' | 'timeout' | 'too_large' | 'unsupported_media_type'; message: string }
  | { status: 422; kind: 'validation'; fieldErrors: FieldErrors }
  | { status: 429; kind: 'rate_limited'; retryAfterSeconds: number }
  | { status: 503; kind: 'unavailable' };

/** The q-value the Accept header gives a media type (most specific matching range wins). */
function acceptQuality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? '1',
    );
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity > best.specificity) best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/** A plain HTML form post from a browser (JavaScript off): answer with a 303 to a page, not JSON. */
export function wantsHtmlRedirect(headers: Headers): boolean {
  const type = mediaType(headers.get('content-type'));
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return false;
  const accept = headers.get('accept') ?? '';
  return acceptQuality(accept, 'text/html') > acceptQuality(accept, 'application/json');
}

/** Valid attribution values only: a bad one is dropped, never a reason to refuse a lead. */
export function parseAttribution(body: Record<string, unknown>, headers: Headers): Attribution {
  const attribution: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(attributionRules)) {
    const result = rule(body[key]);
    if (result.ok && result.value !== undefined && result.value !== '') attribution[key] = result.value;
  }
  // A plain form post carries no attribution; the browser still says which page and which browser.
  const referer = headers.get('referer');
  if (attribution.page_url === undefined && referer && /^https?:\/\//i.test(referer) && referer.length <= 2048) attribution.page_url = referer;
  const userAgent = headers.get('user-agent')?.trim();
  if (attribution.user_agent === undefined && userAgent) attribution.user_agent = userAgent.slice(0, 512);
  return attribution as Attribution;
}

const knownMessages = new Set<string>([...Object.values(messages), ...Object.values(formMessages)]);

async function decide(formParam: string, request: Request): Promise<Outcome> {
  if (!isLeadForm(formParam)) return { status: 404, kind: 'unknown_form' };
  const form: LeadForm = formParam;

  if (!isSameOrigin(request.headers, env.NEXT_PUBLIC_SITE_URL, env.TRUST_PROXY, request.url)) return { status: 403, kind: 'cross_origin' };

  const address = clientAddress(request.headers, env.TRUST_PROXY);
  const rate = await checkRateLimit(`leads:${form}`, address, env.LEADS_RATE_LIMIT_PER_MINUTE);
  if (!rate.allowed) return { status: 429, kind: 'rate_limited', retryAfterSeconds: rate.retryAfterSeconds };

  const parsed = await parseLeadBody(request);
  if (!parsed.ok) return { status: parsed.status, kind: parsed.error, message: parsed.message };

  const result = leadSchemas[form].safeParse(parsed.body);
  if (!result.success) return { status: 422, kind: 'validation', fieldErrors: result.fieldErrors };

  const spam = detectSpam(parsed.body, Date.now());
  const database = await getDatabase();
  const accepted = await acceptLead(
    {
      form,
      status: spam.spam ? 'spam' : 'accepted',
      fields: result.data as Record<string, string>,
      attribution: parseAttribution(parsed.body, request.headers),
      ipHash: hashAddress(address, database.ipHashSalt),
      userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
      webhookUrl: webhookUrlFor(form),
    },
    { timeoutMs: env.LEADS_WEBHOOK_TIMEOUT_MS },
  );
  // Not awaited: the visitor's answer never waits for the webhook; the sweep retries whatever this misses.
  if (accepted.firstAttempt) void deliverAccepted(accepted.firstAttempt);
  return { status: 201, kind: spam.spam ? 'spam' : 'accepted', leadId: accepted.leadId };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

function toJson(outcome: Outcome): Response {
  switch (outcome.status) {
    case 201:
      // Spam gets the very same answer as a real lead.
      return json(201, { ok: true, id: outcome.leadId });
    case 404:
      return json(404, { error: 'not_found', message: 'Unknown form.' });
    case 403:
      return json(403, { error: 'forbidden', message: 'This form only accepts posts from this site.' });
    case 422:
      return json(422, { error: 'validation', fieldErrors: outcome.fieldErrors });
    case 429:
      return json(
        429,
        { error: 'rate_limited', message: 'Too many requests. Please try again later.', retryAfter: outcome.retryAfterSeconds },
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    case 503:
      return json(503, { error: 'unavailable', message: 'The service is temporarily unavailable. Please try again shortly.' });
    default:
      return json(outcome.status, { error: outcome.kind, message: outcome.message });
  }
}

function toRedirect(form: LeadForm, outcome: Exclude<Outcome, { status: 404 | 403 }>): Response {
  const redirect = (location: string, headers: Record<string, string> = {}) =>
    new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...headers } });
  switch (outcome.status) {
    case 201:
      return redirect(leadFormPages[form].success);
    case 422: {
      // Only messages the form page knows how to show travel in the URL.
      const errors = Object.fromEntries(
        Object.entries(outcome.fieldErrors).map(([field, message]) => (knownMessages.has(message) ? [field, message] : ['form', formMessages.invalid])),
      );
      return redirect(leadFormErrorUrl(form, errors));
    }
    case 429:
      return redirect(leadFormErrorUrl(form, { form: formMessages.tooMany }), { 'Retry-After': String(outcome.retryAfterSeconds) });
    case 413:
      return redirect(leadFormErrorUrl(form, { form: formMessages.tooLarge }));
    case 408:
    case 503:
      return redirect(leadFormErrorUrl(form, { form: formMessages.unavailable }));
    default:
      return redirect(leadFormErrorUrl(form, { form: formMessages.invalid }));
  }
}

export async function handleLeadPost(formParam: string, request: Request): Promise<Response> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await decide(formParam, request);
  } catch (error) {
    log('error', 'lead.request_error', { form: isLeadForm(formParam) ? formParam : undefined, error: describeError(error) });
    outcome = { status: 503, kind: 'unavailable' };
  }
  // Another site's form gets no redirect into ours, just the refusal.
  const html = outcome.status !== 404 && outcome.status !== 403 && isLeadForm(formParam) && wantsHtmlRedirect(request.headers);
  const response = html ? toRedirect(formParam as LeadForm, outcome as Exclude<Outcome, { status: 404 | 403 }>) : toJson(outcome);
  log(outcome.status >= 500 ? 'error' : 'info', 'lead.request', {
    form: isLeadForm(formParam) ? formParam : 'unknown',
    status: response.status,
    outcome: outcome.kind,
    lead_id: outcome.status === 201 ? outcome.leadId : undefined,
    invalid_fields: outcome.status === 422 ? Object.keys(outcome.fieldErrors) : undefined,
    duration_ms: Math.round(performance.now() - started),
  });
  return response;
}
