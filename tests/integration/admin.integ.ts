import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, TEST_WEBHOOK_SECRET } from './support/receiver';
import { freshEnvironment, leadRequest, validBodies, waitFor } from './support/helpers';

/**
 * The inbox's endpoints in-process (route handler -> better-auth -> the database), with a real webhook
 * receiver: who may call them (no session: 401; another site: 403; no anti-forgery token: 403; an
 * expired session: 401), sign-in with its rate limits and audit, and every action on real leads.
 */

const SITE = 'https://inbox.example-agency.test';
const receiver = await startReceiver();
await freshEnvironment({
  NEXT_PUBLIC_SITE_URL: SITE,
  LEADS_WEBHOOK_URL: `${receiver.url}/leads`,
  LEADS_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  LEADS_RATE_LIMIT_PER_MINUTE: '1000',
  ADMIN_SESSION_IDLE_MINUTES: '30',
  ADMIN_SESSION_MAX_HOURS: '8',
  TRUST_PROXY: '1', // as behind one proxy: each call names its address in X-Forwarded-For
});

const admin = await import('@/app/api/admin/[...path]/route');
const { POST: postLead } = await import('@/app/api/leads/[form]/route');
const { runCommand } = await import('@/server/admin/commands');
const { getDatabase, closeDatabase } = await import('@/server/db/client');
const { auditLog, leads, leadDeliveries, operatorSessions } = await import('@/server/db/schema');
const { runOutboxOnce, waitForOutbox } = await import('@/server/outbox/worker');
const { and, eq, desc } = await import('drizzle-orm');

const EMAIL = 'ops@agency.example';
const PASSWORD = 'correct horse battery staple';
let address = 0;
const nextAddress = () => `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function command(args: string[], password?: string) {
  let out = '';
  let err = '';
  const code = await runCommand(
    args,
    { out: async (text) => void (out += text), err: async (text) => void (err += text) },
    password ? { password } : {},
  );
  return { code, out, err };
}

type Call = {
  method?: 'GET' | 'POST';
  body?: Record<string, string>;
  cookie?: string;
  origin?: string | null;
  accept?: string;
  ip?: string;
  csrf?: boolean;
};

/** Calls an inbox endpoint as a browser on the site would (same origin), unless told otherwise. */
async function call(
  path: string,
  { method = 'POST', body, cookie, origin = SITE, accept = 'application/json', ip }: Call = {},
) {
  const headers: Record<string, string> = { accept, 'x-forwarded-for': ip ?? nextAddress() };
  if (origin) headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  let payload: string | undefined;
  if (method === 'POST') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body ?? {}).toString();
  }
  const request = new Request(`${SITE}${path}`, { method, headers, body: payload });
  const segments = path
    .replace(/^\/api\/admin\//, '')
    .split('?')[0]!
    .split('/');
  const response = await (method === 'GET' ? admin.GET : admin.POST)(request, {
    params: Promise.resolve({ path: segments }),
  });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // CSV or empty
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The session token inside a Set-Cookie list (better-auth signs it: `<token>.<signature>`, URL-encoded). */
const sessionToken = (cookies: string[]) => {
  const line = cookies.find((each) => each.includes('session_token='))!;
  return decodeURIComponent(line.split(';')[0]!.split('=').slice(1).join('=')).split('.')[0]!;
};

/** Signs in and returns the cookie header to send, the session's token and its anti-forgery token. */
async function signIn(password = PASSWORD, ip?: string) {
  const response = await call('/api/admin/sign-in', { body: { email: EMAIL, password }, ip });
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie();
  const cookie = setCookie.map((line) => line.split(';')[0]!).join('; ');
  const token = sessionToken(setCookie);
  const { db } = await getDatabase();
  const [session] = await db
    .select()
    .from(operatorSessions)
    .where(eq(operatorSessions.token, token));
  return { cookie, token, csrf: session!.csrfToken, setCookie };
}

async function submitLead(email: string, form: 'contact' | 'demo' = 'contact') {
  const response = await postLead(
    leadRequest(form, {
      body: JSON.stringify({
        ...validBodies[form],
        email,
        utm_source: 'newsletter',
        page_url: `${SITE}/contact-us`,
      }),
      headers: { 'x-forwarded-for': nextAddress() },
    }),
    { params: Promise.resolve({ form }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const lastAudit = async () => {
  const { db } = await getDatabase();
  return (await db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1))[0]!;
};

beforeAll(async () => {
  await getDatabase();
  expect(await command(['add-operator', EMAIL], PASSWORD)).toMatchObject({ code: 0 });
});

afterAll(async () => {
  await waitForOutbox();
  await closeDatabase();
  await receiver.stop();
  // Every delivery the inbox caused (re-sends, requeues, test events) was signed as the standard says.
  expect(receiver.unverified()).toEqual([]);
});

describe('operators (npm run leads)', () => {
  it('refuses a short password, a second operator with the same email, and lists operators', async () => {
    await expect(command(['add-operator', 'b@agency.example'], 'short')).rejects.toThrow(
      /at least 12 characters/,
    );
    await expect(command(['add-operator', EMAIL], PASSWORD)).rejects.toThrow(/already an operator/);
    const listed = await command(['list-operators']);
    expect(listed.out).toContain(EMAIL);
    expect(listed.out).toContain('1 operator(s)');
  });
});

describe('sign-in', () => {
  it('signs in with an HttpOnly, Secure (https site), SameSite=Lax session cookie and records it', async () => {
    const { setCookie } = await signIn();
    const session = setCookie.find((line) => line.includes('session_token'))!;
    expect(session).toMatch(/^__Secure-admin\.session_token=/);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/i);
    // The cookie lasts to the absolute limit (8 h here); the session row's expiry is the idle limit.
    expect(session).toMatch(/Max-Age=28800(;|$)/);
    expect(await lastAudit()).toMatchObject({ actor: EMAIL, action: 'sign_in' });
  });

  it('answers a wrong password and an unknown email alike, and logs neither password', async () => {
    const wrong = await call('/api/admin/sign-in', {
      body: { email: EMAIL, password: 'not-the-password-1' },
    });
    const unknown = await call('/api/admin/sign-in', {
      body: { email: 'nobody@agency.example', password: 'not-the-password-2' },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json).toEqual(unknown.json);
    const { db } = await getDatabase();
    const entries = JSON.stringify(await db.select().from(auditLog));
    expect(entries).not.toContain('not-the-password');
    expect(entries).not.toContain('nobody@agency.example');
  });

  it('a browser form post that fails goes back to the sign-in page with the one message', async () => {
    const response = await call('/api/admin/sign-in', {
      body: { email: EMAIL, password: 'wrong-password-3', next: '/admin/overview' },
      accept: 'text/html',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      '/admin/sign-in?error=invalid&next=%2Fadmin%2Foverview',
    );
  });

  it('limits failed sign-ins per account: 429 with Retry-After, even with the right password, from any address', async () => {
    const email = 'limited@agency.example';
    expect(await command(['add-operator', email], PASSWORD)).toMatchObject({ code: 0 });
    for (let i = 0; i < 5; i += 1)
      expect(
        (await call('/api/admin/sign-in', { body: { email, password: `wrong-${i}-password` } }))
          .status,
      ).toBe(401);
    const limited = await call('/api/admin/sign-in', { body: { email, password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(limited.json).toMatchObject({ error: 'rate_limited' });
  });

  it('limits failed sign-ins per address, across accounts', async () => {
    const ip = '198.51.100.250';
    for (let i = 0; i < 20; i += 1)
      expect(
        (
          await call('/api/admin/sign-in', {
            body: { email: `guess${i}@x.example`, password: 'guessing-password' },
            ip,
          })
        ).status,
      ).toBe(401);
    expect(
      (await call('/api/admin/sign-in', { body: { email: EMAIL, password: PASSWORD }, ip })).status,
    ).toBe(429);
    expect(
      (await call('/api/admin/sign-in', { body: { email: EMAIL, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('refuses a sign-in posted from another site', async () => {
    expect(
      (
        await call('/api/admin/sign-in', {
          body: { email: EMAIL, password: PASSWORD },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
  });
});

const everyEndpoint: Array<[string, 'GET' | 'POST']> = [
  ['/api/admin/leads.csv', 'GET'],
  ['/api/admin/sign-out', 'POST'],
  ['/api/admin/password', 'POST'],
  ['/api/admin/requeue-failed', 'POST'],
  ['/api/admin/deliver-skipped', 'POST'],
  ['/api/admin/delete-by-email', 'POST'],
  ['/api/admin/test-event', 'POST'],
  ['/api/admin/leads/00000000-0000-4000-8000-000000000000/resend', 'POST'],
  ['/api/admin/leads/00000000-0000-4000-8000-000000000000/spam', 'POST'],
  ['/api/admin/leads/00000000-0000-4000-8000-000000000000/delete', 'POST'],
];

describe('who may call the inbox endpoints', () => {
  it.each(everyEndpoint)('%s (%s) without a session: 401 JSON', async (path, method) => {
    const response = await call(path, { method });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ error: 'unauthorized' });
  });

  it.each(everyEndpoint.filter(([, method]) => method === 'POST'))(
    '%s from another site: 403, even signed in',
    async (path) => {
      const { cookie, csrf } = await signIn();
      expect(
        (await call(path, { cookie, body: { csrf }, origin: 'https://evil.example' })).status,
      ).toBe(403);
    },
  );

  it.each(everyEndpoint.filter(([, method]) => method === 'POST'))(
    '%s without the anti-forgery token: 403',
    async (path) => {
      const { cookie } = await signIn();
      expect((await call(path, { cookie, body: {} })).status).toBe(403);
      expect((await call(path, { cookie, body: { csrf: 'wrong' } })).status).toBe(403);
    },
  );

  it('a session unused for longer than the idle limit has ended', async () => {
    const { cookie, token } = await signIn();
    const { db } = await getDatabase();
    await db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.token, token));
    expect((await call('/api/admin/leads.csv', { method: 'GET', cookie })).status).toBe(401);
  });

  it('a session older than the absolute limit has ended, however recently it was used', async () => {
    const { cookie, token } = await signIn();
    const { db } = await getDatabase();
    await db
      .update(operatorSessions)
      .set({ createdAt: new Date(Date.now() - 8 * 3_600_000 - 60_000) })
      .where(eq(operatorSessions.token, token));
    expect((await call('/api/admin/leads.csv', { method: 'GET', cookie })).status).toBe(401);
    expect(
      await db.select().from(operatorSessions).where(eq(operatorSessions.token, token)),
    ).toHaveLength(0);
  });

  it('signing out ends every session of the operator, on every device', async () => {
    const first = await signIn();
    const second = await signIn();
    expect(
      (await call('/api/admin/leads.csv', { method: 'GET', cookie: second.cookie })).status,
    ).toBe(200);
    const out = await call('/api/admin/sign-out', {
      cookie: first.cookie,
      body: { csrf: first.csrf },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/session_token=;/);
    expect(
      (await call('/api/admin/leads.csv', { method: 'GET', cookie: second.cookie })).status,
    ).toBe(401);
    expect(
      (await call('/api/admin/leads.csv', { method: 'GET', cookie: first.cookie })).status,
    ).toBe(401);
  });
});

describe('actions on leads', () => {
  it('re-send reaches the receiver once more with the same Idempotency-Key', async () => {
    const id = await submitLead('resend@example.com');
    await waitFor(() => Promise.resolve(receiver.forLead(id).length === 1), {
      what: 'first delivery',
    });
    const { cookie, csrf } = await signIn();
    const response = await call(`/api/admin/leads/${id}/resend`, { cookie, body: { csrf } });
    expect(response.json).toMatchObject({ ok: true, notice: 'sent' });
    const deliveries = receiver.forLead(id);
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((d) => d.headers['idempotency-key'])).toEqual([id, id]);
    expect(await lastAudit()).toMatchObject({ actor: EMAIL, action: 'lead_resent', target: id });
  });

  it('marking spam stops a pending delivery; not spam queues it and delivers it', async () => {
    receiver.setDefault(500);
    const id = await submitLead('spam-or-not@example.com');
    await waitForOutbox();
    receiver.setDefault(200);
    const { cookie, csrf } = await signIn();
    expect(
      (await call(`/api/admin/leads/${id}/spam`, { cookie, body: { csrf, spam: '1' } })).json,
    ).toMatchObject({ notice: 'marked_spam' });
    const { db } = await getDatabase();
    expect((await db.select().from(leads).where(eq(leads.id, id)))[0]!.status).toBe('spam');
    expect(
      (
        await db
          .select()
          .from(leadDeliveries)
          .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'webhook')))
      )[0]!.status,
    ).toBe('skipped');
    const before = receiver.forLead(id).length;
    expect(
      (await call(`/api/admin/leads/${id}/spam`, { cookie, body: { csrf, spam: '0' } })).json,
    ).toMatchObject({ notice: 'marked_not_spam' });
    expect(
      (
        await db
          .select()
          .from(leadDeliveries)
          .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'webhook')))
      )[0]!.status,
    ).toBe('delivered');
    expect(receiver.forLead(id)).toHaveLength(before + 1);
  });

  it("'Deliver skipped' queues the leads stored while no webhook was configured, and the next sweep delivers them", async () => {
    const id = await submitLead('stored-before-setup@example.com');
    await waitFor(() => Promise.resolve(receiver.forLead(id).length === 1), {
      what: 'first delivery',
    });
    const { db } = await getDatabase();
    // As stored by a site without LEADS_WEBHOOK_URL: accepted, delivery skipped, no attempt.
    await db
      .update(leadDeliveries)
      .set({ status: 'skipped', webhookUrl: null, deliveredAt: null })
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'webhook')));
    const { cookie, csrf } = await signIn();
    const response = await call('/api/admin/deliver-skipped', {
      cookie,
      body: { csrf, form: 'contact' },
    });
    expect(response.json).toMatchObject({ ok: true, notice: 'skipped_queued', count: 1 });
    expect(
      (
        await db
          .select()
          .from(leadDeliveries)
          .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'webhook')))
      )[0]!.status,
    ).toBe('pending');
    expect(await lastAudit()).toMatchObject({
      actor: EMAIL,
      action: 'skipped_requeued',
      target: 'contact',
      detail: { count: 1 },
    });
    await runOutboxOnce();
    expect(
      (
        await db
          .select()
          .from(leadDeliveries)
          .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'webhook')))
      )[0]!.status,
    ).toBe('delivered');
    expect(receiver.forLead(id)).toHaveLength(2);
  });

  it('deletes one lead, and by email every lead of a person, recording how many but never the address', async () => {
    const one = await submitLead('delete-one@example.com');
    const a = await submitLead('Person@Example.com');
    const b = await submitLead('person@example.com', 'demo');
    await waitForOutbox();
    const { cookie, csrf } = await signIn();
    expect(
      (await call(`/api/admin/leads/${one}/delete`, { cookie, body: { csrf } })).json,
    ).toMatchObject({ ok: false, notice: 'confirm_required' });
    expect(
      (await call(`/api/admin/leads/${one}/delete`, { cookie, body: { csrf, confirm: 'yes' } }))
        .json,
    ).toMatchObject({ ok: true, notice: 'deleted' });
    const byEmail = await call('/api/admin/delete-by-email', {
      cookie,
      body: { csrf, email: ' PERSON@example.COM ', confirm: 'yes' },
    });
    expect(byEmail.json).toMatchObject({ ok: true, notice: 'deleted_by_email', count: 2 });
    const { db } = await getDatabase();
    for (const id of [one, a, b])
      expect(await db.select().from(leads).where(eq(leads.id, id))).toHaveLength(0);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      actor: EMAIL,
      action: 'leads_deleted_by_email',
      detail: { count: 2 },
    });
    expect(JSON.stringify(await db.select().from(auditLog))).not.toMatch(/person@example/i);
  });

  it('exports the current filter as CSV, streamed, with the formula guard', async () => {
    await submitLead('=cmd|calc@example.com');
    const { cookie } = await signIn();
    const response = await call('/api/admin/leads.csv?q=cmd', { method: 'GET', cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=cmd|calc@example.com`);
    expect((await call('/api/admin/leads.csv?form=nope', { method: 'GET', cookie })).status).toBe(
      400,
    );
  });

  it("sends a test event to the form's receiver and reports its status, 200 and 500 alike", async () => {
    const { cookie, csrf } = await signIn();
    const ok = await call('/api/admin/test-event', { cookie, body: { csrf, form: 'contact' } });
    expect(ok.json).toMatchObject({ ok: true, notice: 'test_ok', form: 'contact', status: 200 });
    const test = receiver.received.at(-1)!;
    expect(test.body).toMatchObject({ test: true, event: 'test', source: 'contact_us_page' });
    expect(String(test.headers['idempotency-key'])).toMatch(/^test_/);
    receiver.setDefault(500);
    const failed = await call('/api/admin/test-event', { cookie, body: { csrf, form: 'contact' } });
    receiver.setDefault(200);
    expect(failed.json).toMatchObject({ ok: false, notice: 'test_failed', form: 'contact' });
    expect(await lastAudit()).toMatchObject({
      action: 'test_event_sent',
      target: 'contact',
      detail: { ok: false, http_status: 500 },
    });
  });

  it('changes the password: the old one stops working and other sessions end', async () => {
    const other = await signIn();
    const { cookie, csrf } = await signIn();
    const NEW = 'a brand new passphrase';
    expect(
      (
        await call('/api/admin/password', {
          cookie,
          body: {
            csrf,
            currentPassword: 'wrong-current-pw',
            newPassword: NEW,
            confirmPassword: NEW,
          },
        })
      ).json,
    ).toMatchObject({
      ok: false,
      notice: 'wrong_password',
    });
    const changed = await call('/api/admin/password', {
      cookie,
      body: { csrf, currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW },
    });
    expect(changed.json).toMatchObject({ ok: true, notice: 'password_changed' });
    expect(
      (await call('/api/admin/leads.csv', { method: 'GET', cookie: other.cookie })).status,
    ).toBe(401);
    expect(
      (await call('/api/admin/sign-in', { body: { email: EMAIL, password: PASSWORD } })).status,
    ).toBe(401);
    await signIn(NEW);
    const back = await signIn(NEW);
    await call('/api/admin/password', {
      cookie: back.cookie,
      body: {
        csrf: back.csrf,
        currentPassword: NEW,
        newPassword: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
  });
});
