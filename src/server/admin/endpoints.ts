import 'server-only';
import { isAPIError } from 'better-auth/api';
import { env } from '@/env';
import { isLeadForm, type LeadForm } from '@/lib/lead-forms';
import type { NoticeCode, NoticeErrorCode } from '@/content/admin';
import { parseBody } from '@/server/http/body';
import { clientAddress, hashAddress } from '@/server/http/client-address';
import {
  isRefusal,
  json,
  refusalResponse,
  refuse,
  runEndpoint,
  type Refusal,
} from '@/server/http/endpoint';
import { isSameOrigin } from '@/server/http/same-origin';
import { getDatabase } from '@/server/db/client';
import {
  deleteLead,
  deleteLeadsByEmail,
  deliverSkipped,
  requeueFailed,
  resendLead,
  setSpam,
} from '@/server/leads/actions';
import { sendTestEvent } from '@/server/leads/overview';
import { csvLines, leadQueryParams, parseLeadQuery } from '@/server/leads/queries';
import { recentFailures, recordAudit } from './audit';
import { getAuth, MIN_PASSWORD_LENGTH } from './auth';
import { csrfTokenMatches, currentOperator, safeReturnPath, type OperatorSession } from './session';

/**
 * Every endpoint the inbox uses (/api/admin/...), one table of routes behind one guard: without a
 * session, 401 JSON (or, for a browser's plain form post, a redirect to the sign-in page); a change
 * needs a same-origin request carrying the session's anti-forgery token (403 otherwise). A plain form
 * post is answered 303 back to the page with a ?notice= for it to show; a JSON client gets JSON.
 */

const MAX_BODY_BYTES = 8 * 1024;
const CSV_CHUNK_CHARS = 64 * 1024;
/** Failed sign-ins allowed per account and per address within SIGN_IN_WINDOW_MS before 429. */
export const SIGN_IN_LIMITS = { account: 5, address: 20 } as const;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

type Done = { status: number; kind: string; response: Response };

type Input = { body: Record<string, unknown>; html: boolean };

const prefersHtml = (request: Request) =>
  (request.headers.get('accept') ?? '').includes('text/html');

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store' },
  });
}

/** An action's answer: back to `page` with the notice for a form post, JSON otherwise. */
function answered(
  input: Input,
  page: string,
  notice: NoticeCode | NoticeErrorCode,
  extra: Record<string, string | number> = {},
  ok = true,
): Done {
  const params = new URLSearchParams({
    [ok ? 'notice' : 'error']: notice,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  });
  const response = input.html
    ? seeOther(`${page}${page.includes('?') ? '&' : '?'}${params}`)
    : json(ok ? 200 : 422, { ok, notice, ...extra });
  return { status: response.status, kind: notice, response };
}

/**
 * better-auth gives the session cookie the idle limit as its Max-Age, but an inbox page cannot renew a
 * cookie while it renders, so an operator busy for longer would be signed out mid-task. The cookie
 * lives to the absolute limit instead; the session row's expiry, renewed as it is used, is the idle limit.
 */
function sessionCookies(headers: Headers): string[] {
  const maxAge = env.ADMIN_SESSION_MAX_HOURS * 3600;
  return headers
    .getSetCookie()
    .map((cookie) =>
      /session_token=[^;]/.test(cookie)
        ? cookie
            .replace(/;\s*Max-Age=\d+/i, `; Max-Age=${maxAge}`)
            .replace(/;\s*Expires=[^;]*/i, '')
        : cookie,
    );
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const formOf = (value: unknown): LeadForm | undefined =>
  typeof value === 'string' && isLeadForm(value) ? value : undefined;

// --- Sign-in ---------------------------------------------------------------------------------------

async function signIn(request: Request, input: Input): Promise<Done | Refusal> {
  const email = text(input.body.email).toLowerCase();
  const password = typeof input.body.password === 'string' ? input.body.password : '';
  const next = safeReturnPath(input.body.next);
  const failBack = (error: 'invalid' | 'rate_limited' | 'unavailable', retryAfter?: number) =>
    seeOther(
      `/admin/sign-in?${new URLSearchParams({ error, next, ...(retryAfter ? { retryAfter: String(retryAfter) } : {}) })}`,
    );

  const { ipHashSalt } = await getDatabase();
  const keys = {
    account: hashAddress(`account:${email}`, ipHashSalt),
    address: hashAddress(`address:${clientAddress(request.headers, env.TRUST_PROXY)}`, ipHashSalt),
  };
  for (const key of ['account', 'address'] as const) {
    const { count, oldest } = await recentFailures(key, keys[key], SIGN_IN_WINDOW_MS);
    if (count >= SIGN_IN_LIMITS[key]) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil(((oldest?.getTime() ?? Date.now()) + SIGN_IN_WINDOW_MS - Date.now()) / 1000),
      );
      return input.html
        ? {
            status: 303,
            kind: 'rate_limited',
            response: failBack('rate_limited', retryAfterSeconds),
          }
        : refuse('rate_limited', {
            retryAfterSeconds,
            message: 'Too many failed sign-ins.',
            reason: `per ${key}`,
          });
    }
  }

  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await recordAudit(response.user.email, 'sign_in', null, { address: keys.address });
    const done = input.html ? seeOther(next) : json(200, { ok: true, next });
    for (const cookie of sessionCookies(headers)) done.headers.append('Set-Cookie', cookie);
    return { status: done.status, kind: 'signed_in', response: done };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // One answer whether or not the account exists; the log and the audit never hold the password.
    const known = await (await auth.$context).internalAdapter.findUserByEmail(email);
    await recordAudit(known ? known.user.email : 'unknown account', 'sign_in_failed', null, keys);
    return input.html
      ? { status: 303, kind: 'invalid', response: failBack('invalid') }
      : refuse('unauthorized', { message: 'Wrong email or password.' });
  }
}

// --- Signed-in actions -----------------------------------------------------------------------------

type Action = (
  input: Input,
  who: OperatorSession,
  request: Request,
  params: string[],
) => Promise<Done | Refusal>;

const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const leadAction =
  (run: (id: string, input: Input, who: OperatorSession) => Promise<Done>): Action =>
  async (input, who, _request, [id]) =>
    id && LEAD_ID.test(id)
      ? run(id.toLowerCase(), input, who)
      : refuse('not_found', { message: 'No such lead.' });

const actions: Record<string, Action> = {
  'sign-out': async (input, who, request) => {
    const auth = await getAuth();
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    // Every session of this operator, on every device and instance.
    await (await auth.$context).internalAdapter.deleteUserSessions(who.operator.id);
    await recordAudit(who.operator.email, 'sign_out');
    const response = input.html ? seeOther('/admin/sign-in?signedOut=1') : json(200, { ok: true });
    for (const cookie of headers.getSetCookie()) response.headers.append('Set-Cookie', cookie);
    return { status: response.status, kind: 'signed_out', response };
  },

  password: async (input, who, request) => {
    const currentPassword =
      typeof input.body.currentPassword === 'string' ? input.body.currentPassword : '';
    const newPassword = typeof input.body.newPassword === 'string' ? input.body.newPassword : '';
    if (newPassword.length < MIN_PASSWORD_LENGTH)
      return answered(input, '/admin/account', 'password_short', {}, false);
    if (newPassword !== input.body.confirmPassword)
      return answered(input, '/admin/account', 'password_mismatch', {}, false);
    const auth = await getAuth();
    try {
      const { headers } = await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: request.headers,
        returnHeaders: true,
      });
      await recordAudit(who.operator.email, 'password_changed');
      const done = answered(input, '/admin/account', 'password_changed');
      for (const cookie of sessionCookies(headers))
        done.response.headers.append('Set-Cookie', cookie);
      return done;
    } catch (error) {
      if (!isAPIError(error)) throw error;
      return answered(input, '/admin/account', 'wrong_password', {}, false);
    }
  },

  resend: leadAction(async (id, input, who) => {
    const result = await resendLead(id);
    if (result === 'sent' || result === 'failed')
      await recordAudit(who.operator.email, 'lead_resent', id, { result });
    const notice = (
      {
        sent: 'sent',
        failed: 'send_failed',
        spam: 'spam_lead',
        no_webhook: 'no_webhook',
        in_flight: 'in_flight',
        not_found: 'invalid',
      } as const
    )[result];
    return answered(
      input,
      `/admin/leads/${id}`,
      notice,
      {},
      result === 'sent' || result === 'failed',
    );
  }),

  spam: leadAction(async (id, input, who) => {
    const spam = input.body.spam !== '0' && input.body.spam !== false;
    if (!(await setSpam(id, spam))) return answered(input, '/admin', 'invalid', {}, false);
    await recordAudit(who.operator.email, spam ? 'lead_marked_spam' : 'lead_marked_not_spam', id);
    return answered(input, `/admin/leads/${id}`, spam ? 'marked_spam' : 'marked_not_spam');
  }),

  delete: leadAction(async (id, input, who) => {
    if (input.body.confirm !== 'yes' && input.body.confirm !== true)
      return answered(input, `/admin/leads/${id}`, 'confirm_required', {}, false);
    const count = await deleteLead(id);
    if (count > 0) await recordAudit(who.operator.email, 'lead_deleted', id, { count });
    return answered(input, '/admin', count > 0 ? 'deleted' : 'invalid', {}, count > 0);
  }),

  'requeue-failed': async (input, who) => {
    const form = formOf(input.body.form);
    const count = await requeueFailed({ form });
    await recordAudit(who.operator.email, 'failed_requeued', form ?? null, { count });
    return answered(input, safeReturnPath(input.body.returnTo), 'requeued', { count });
  },

  'deliver-skipped': async (input, who) => {
    const form = formOf(input.body.form);
    const count = await deliverSkipped({ form });
    await recordAudit(who.operator.email, 'skipped_requeued', form ?? null, { count });
    return answered(input, safeReturnPath(input.body.returnTo), 'skipped_queued', { count });
  },

  'delete-by-email': async (input, who) => {
    const email = text(input.body.email);
    if (!email) return answered(input, '/admin/deletion', 'email_required', {}, false);
    if (input.body.confirm !== 'yes' && input.body.confirm !== true)
      return answered(input, '/admin/deletion', 'confirm_required', {}, false);
    const count = await deleteLeadsByEmail(email);
    // How many, never the address.
    await recordAudit(who.operator.email, 'leads_deleted_by_email', null, { count });
    return answered(input, '/admin/deletion', 'deleted_by_email', { count });
  },

  'test-event': async (input, who) => {
    const form = formOf(input.body.form);
    if (!form) return answered(input, '/admin/overview', 'invalid', {}, false);
    const result = await sendTestEvent(form);
    if (!result.sent) return answered(input, '/admin/overview', 'no_webhook', { form }, false);
    await recordAudit(who.operator.email, 'test_event_sent', form, {
      ok: result.ok,
      http_status: result.httpStatus,
      duration_ms: result.durationMs,
    });
    return result.ok
      ? answered(input, '/admin/overview', 'test_ok', {
          form,
          status: result.httpStatus ?? 0,
          ms: result.durationMs,
        })
      : answered(
          input,
          '/admin/overview',
          'test_failed',
          {
            form,
            ms: result.durationMs,
            error_detail: (result.error ?? 'no answer')
              .replace(/[^A-Za-z0-9 ():._-]/g, '')
              .slice(0, 120),
          },
          false,
        );
  },
};

/** Which action a POST path names: /api/admin/<action> or /api/admin/leads/<id>/<action>. */
function route(path: string[]): { action: Action; params: string[] } | null {
  if (
    path.length === 1 &&
    Object.hasOwn(actions, path[0]!) &&
    !['resend', 'spam', 'delete'].includes(path[0]!)
  )
    return { action: actions[path[0]!]!, params: [] };
  if (path.length === 3 && path[0] === 'leads' && ['resend', 'spam', 'delete'].includes(path[2]!))
    return { action: actions[path[2]!]!, params: [path[1]!] };
  return null;
}

/** Unauthenticated: 401 JSON, or for a browser's form post, the sign-in page (it comes back after). */
function signInFirst(request: Request): Refusal | Done {
  if (!prefersHtml(request)) return refuse('unauthorized');
  const back = safeReturnPath(
    request.headers.get('referer')
      ? new URL(request.headers.get('referer')!, request.url).pathname
      : '/admin',
  );
  const response = seeOther(
    `/admin/sign-in?${new URLSearchParams({ error: 'expired', next: back })}`,
  );
  return { status: 303, kind: 'unauthorized', response };
}

export function handleAdminPost(path: string[], request: Request): Promise<Response> {
  return runEndpoint<Done>(
    {
      name: 'admin',
      respond: (done) => done.response,
      decide: async (req, logFields) => {
        logFields.path = `/${path.join('/')}`.slice(0, 100);
        // Sign-in too: a cross-site form could otherwise sign a visitor in to an attacker's account.
        if (
          !isSameOrigin(
            req.headers,
            env.NEXT_PUBLIC_SITE_URL,
            env.TRUST_PROXY.kind !== 'none',
            req.url,
          )
        )
          return refuse('forbidden');
        const signingIn = path.length === 1 && path[0] === 'sign-in';
        const target = signingIn ? null : route(path);
        if (!signingIn && !target) return refuse('not_found');
        const parsed = await parseBody(req, { limit: MAX_BODY_BYTES, forms: true });
        if (isRefusal(parsed)) return parsed;
        const input = { body: parsed.body, html: parsed.kind === 'form' && prefersHtml(req) };
        if (signingIn) return signIn(req, input);
        const who = await currentOperator(req.headers);
        if (!who) return signInFirst(req);
        logFields.operator_id = who.operator.id;
        const token = parsed.body.csrf ?? req.headers.get('x-csrf-token');
        if (!csrfTokenMatches(who.session, token))
          return refuse('forbidden', {
            message: 'The anti-forgery token is missing or wrong. Reload the page and try again.',
          });
        return target!.action(input, who, req, target!.params);
      },
    },
    request,
  );
}

/** GET /api/admin/leads.csv?<filters>: the current filter as CSV, streamed in batches (constant memory). */
export function handleAdminGet(path: string[], request: Request): Promise<Response> {
  return runEndpoint<Done>(
    {
      name: 'admin',
      respond: (done) => done.response,
      decide: async (req, logFields) => {
        logFields.path = `/${path.join('/')}`.slice(0, 100);
        if (!(path.length === 1 && path[0] === 'leads.csv')) return refuse('not_found');
        const who = await currentOperator(req.headers);
        if (!who) return signInFirst(req);
        const { query, problems } = parseLeadQuery(
          Object.fromEntries(new URL(req.url).searchParams),
        );
        if (problems.length > 0) return refuse('bad_request', { message: problems.join('; ') });
        await recordAudit(who.operator.email, 'leads_exported', null, {
          filter: leadQueryParams(query).toString(),
        });
        const lines = csvLines(query);
        const encoder = new TextEncoder();
        // Pulled as the client reads, about 64 KB at a time (a chunk per line made 100,000 leads take 47 s): a slow
        // download holds one chunk and one database batch, never the whole export.
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            let chunk = '';
            while (chunk.length < CSV_CHUNK_CHARS) {
              const next = await lines.next();
              if (next.done) {
                if (chunk) controller.enqueue(encoder.encode(chunk));
                controller.close();
                return;
              }
              chunk += next.value;
            }
            controller.enqueue(encoder.encode(chunk));
          },
          async cancel() {
            await lines.return(undefined);
          },
        });
        const day = new Date().toISOString().slice(0, 10);
        const response = new Response(stream, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
            'Cache-Control': 'private, no-store',
          },
        });
        return { status: 200, kind: 'export', response };
      },
      refusalResponse: (refusal) => refusalResponse(refusal),
    },
    request,
  );
}
