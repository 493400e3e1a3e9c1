import 'server-only';
import { env } from '@/env';
import {
  leadFormErrorUrl,
  type FormErrorCode,
  type ReturnedErrors,
} from '@/lib/lead-form-redirect';
import {
  attributionRules,
  isLeadForm,
  leadFormRegistry,
  leadSchema,
  type Attribution,
  type LeadForm,
} from '@/lib/lead-forms';
import { UTM_KEYS } from '@/lib/attribution';
import { getDatabase } from '@/server/db/client';
import { parseBody, wantsHtmlRedirect, withoutNul } from '@/server/http/body';
import { hashAddress, networkHash } from '@/server/http/client-address';
import {
  guardPublicPost,
  isRefusal,
  json,
  refusalResponse,
  refuse,
  runEndpoint,
  type Refusal,
} from '@/server/http/endpoint';
import { describeError, log } from '@/server/log';
import { deliverAccepted } from '@/server/outbox/worker';
import { acceptLead } from './accept-lead';
import { isDataException, noteLeadRefused } from './intake-health';
import { onceWithin, repeatKey } from './repeated-post';
import { detectSpam } from './spam';

/**
 * POST /api/leads/{form}: check, parse, validate, store, answer (docs/api.md). The lead and its
 * delivery row commit together before the 201; the first delivery attempt is not awaited.
 */

/**
 * Bodies are at most this size: a form's fields at their limits plus the visit's attribution, as a
 * browser without JavaScript sends them (percent-encoded: 9 bytes a character of Chinese or Japanese,
 * so a 5,000-character message alone is 45 KB).
 */
const MAX_LEAD_BODY_BYTES = 96 * 1024;

type Accepted = { status: 201; kind: 'accepted' | 'spam'; leadId: string };

/** Valid attribution values only: a bad one is dropped, never a reason to refuse a lead. */
export function parseAttribution(body: Record<string, unknown>, headers: Headers): Attribution {
  const attribution: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(attributionRules)) {
    const result = rule(body[key]);
    if (result.ok && result.value !== undefined && result.value !== '')
      attribution[key] = result.value;
  }
  // A plain form post carries no attribution; the browser still says which page and which browser.
  const referer = headers.get('referer');
  if (
    attribution.page_url === undefined &&
    referer &&
    /^https?:\/\//i.test(referer) &&
    referer.length <= 2048
  )
    attribution.page_url = referer;
  // Without JavaScript the campaign is still in the address of the page the form was on.
  if (typeof attribution.page_url === 'string' && !UTM_KEYS.some((key) => key in attribution)) {
    const query = URL.parse(attribution.page_url)?.searchParams;
    for (const key of UTM_KEYS) {
      const value = query?.get(key);
      // '%00' decodes to a NUL, which the database cannot store.
      const result = attributionRules[key](value == null ? undefined : withoutNul(value));
      if (result.ok && result.value) attribution[key] = result.value;
    }
  }
  const userAgent = headers.get('user-agent')?.trim();
  if (attribution.user_agent === undefined && userAgent)
    attribution.user_agent = userAgent.slice(0, 512);
  return attribution as Attribution;
}

/** A valid lead the database did not take: counted for health and the agency's alert, then 503. */
function refused(error: unknown): never {
  noteLeadRefused(error);
  throw error;
}

/**
 * The lead's statement failed. A data exception is the lead's own content that validation let
 * through, not the database failing: the visitor is asked to check the form, and intake stays healthy.
 */
function notStored(error: unknown): Refusal {
  if (!isDataException(error)) refused(error);
  log('warn', 'lead.data_refused', { error: describeError(error) });
  return refuse('bad_request', { reason: 'the database refused a value of this lead' });
}

async function decide(
  form: LeadForm,
  request: Request,
  plainPost: boolean,
): Promise<Accepted | Refusal> {
  const guard = await guardPublicPost(request, `leads:${form}`, env.LEADS_RATE_LIMIT_PER_MINUTE);
  if (isRefusal(guard)) return guard;

  const parsed = await parseBody(request, { limit: MAX_LEAD_BODY_BYTES, forms: true });
  if (isRefusal(parsed)) return parsed;

  const result = leadSchema(form).safeParse(parsed.body);
  if (!result.success) return refuse('validation', { fieldErrors: result.fieldErrors });

  const spam = detectSpam(parsed.body, Date.now());
  const database = await getDatabase().catch(refused);
  const fields = result.data as Record<string, string>;
  const ipHash = hashAddress(guard.address, database.ipHashSalt);
  const store = async (): Promise<Accepted | Refusal> => {
    const accepted = await acceptLead(
      {
        form,
        status: spam.spam ? 'spam' : 'accepted',
        fields,
        attribution: parseAttribution(parsed.body, request.headers),
        ipHash,
        userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
        network: networkHash(guard.address, database.ipHashSalt),
      },
      { timeoutMs: env.LEADS_WEBHOOK_TIMEOUT_MS },
    ).catch(notStored);
    if (isRefusal(accepted)) return accepted;
    // Not awaited: the answer never waits for the webhook; the sweep retries whatever this misses.
    if (accepted.firstAttempt) void deliverAccepted(accepted.firstAttempt);
    return { status: 201, kind: spam.spam ? 'spam' : 'accepted', leadId: accepted.leadId };
  };
  // A scripted form disables its button while it sends; a plain one can be posted twice at once.
  return plainPost ? onceWithin(repeatKey(form, ipHash, fields), Date.now(), store) : store();
}

/** What a refused plain form post shows on the form's page: field codes, or one for the post. */
function returnedErrors(refusal: Refusal): ReturnedErrors {
  if (refusal.refused === 'validation' && refusal.fieldErrors)
    return refusal.fieldErrors as ReturnedErrors;
  const byCode: Partial<Record<Refusal['refused'], FormErrorCode>> = {
    too_large: 'too_large',
    rate_limited: 'rate_limited',
    timeout: 'unavailable',
    unavailable: 'unavailable',
    forbidden: 'foreign',
  };
  return { form: byCode[refusal.refused] ?? 'invalid' } as ReturnedErrors;
}

const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', ...headers },
  });

export async function handleLeadPost(formParam: string, request: Request): Promise<Response> {
  const form = isLeadForm(formParam) ? formParam : null;
  // A browser without JavaScript posts a plain form and gets a page back (303), not JSON; an
  // unknown form gets just the refusal. A post from a copy of the page (a translation proxy, a
  // saved file) lands on the real form with a panel saying nothing was sent.
  const html = form !== null && wantsHtmlRedirect(request.headers);
  return runEndpoint(
    {
      name: 'lead',
      decide: async (req, logFields) => {
        logFields.form = form ?? 'unknown';
        if (!form) return refuse('not_found', { message: 'Unknown form.' });
        const outcome = await decide(form, req, html);
        if (!isRefusal(outcome)) logFields.lead_id = outcome.leadId;
        return outcome;
      },
      // Spam gets the very same answer as a real lead.
      respond: (accepted) =>
        html
          ? redirect(leadFormRegistry[form!].success)
          : json(201, { ok: true, id: accepted.leadId }),
      refusalResponse: (refusal) =>
        html
          ? redirect(
              leadFormErrorUrl(form!, returnedErrors(refusal)),
              refusal.retryAfterSeconds ? { 'Retry-After': String(refusal.retryAfterSeconds) } : {},
            )
          : refusalResponse(refusal),
    },
    request,
  );
}
