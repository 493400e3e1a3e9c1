import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, asc } from 'drizzle-orm';
import { GET as health } from '@/app/api/health/route';
import { POST } from '@/app/api/leads/[form]/route';
import { decodeLeadFormErrors } from '@/lib/lead-form-redirect';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { leads, leadDeliveries, leadDeliveryAttempts } from '@/server/db/schema';
import { sendNow } from '@/server/leads/actions';
import { csvLines, parseLeadQuery, searchLeads, showLead, csvCell } from '@/server/leads/queries';
import { startOutboxWorker, stopOutboxWorker, waitForOutbox } from '@/server/outbox/worker';
import { startReceiver } from './support/receiver';
import {
  forgedAddressHeaders,
  leadRequest,
  freshEnvironment,
  PEER_ADDRESS_HEADER,
  validBodies,
  waitFor,
} from './support/helpers';

/**
 * The lead API end to end, in-process: route handler -> database -> outbox worker -> a real HTTP
 * receiver on 127.0.0.1.
 */

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const receiver = await startReceiver({ secret: SECRET });
const ariaReceiver = await startReceiver({ secret: SECRET }); // stopped and restarted to refuse connections
await freshEnvironment({
  LEADS_WEBHOOK_URL: `${receiver.url}/shared`,
  LEADS_WEBHOOK_URL_DEMO: `${receiver.url}/demo`,
  LEADS_WEBHOOK_URL_CONTACT: `${receiver.url}/contact`,
  LEADS_WEBHOOK_URL_ARIA_SIGNUP: `${ariaReceiver.url}/aria`,
  LEADS_WEBHOOK_SECRET: SECRET,
  LEADS_RETRY_SCHEDULE_MS: '100,200',
  LEADS_WEBHOOK_TIMEOUT_MS: '400',
  LEADS_RATE_LIMIT_PER_MINUTE: '5',
  TRUST_PROXY: '1',
});

let ipCounter = 0;
/** Every test posts from its own address, so the rate limit only bites where a test wants it to. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function post(
  form: string,
  body: unknown,
  options: {
    ip?: string;
    contentType?: string;
    accept?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const request = leadRequest(form, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    contentType: options.contentType ?? 'application/json',
    accept: options.accept ?? 'application/json',
    headers: {
      'x-forwarded-for': options.ip ?? freshIp(),
      'user-agent': 'integration-test',
      ...options.headers,
    },
  });
  const response = await POST(request, { params: Promise.resolve({ form }) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

const db = async () => (await getDatabase()).db;
const leadRow = async (id: string) =>
  (await (await db()).select().from(leads).where(eq(leads.id, id)))[0];
const deliveryOf = async (leadId: string) =>
  (
    await (
      await db()
    )
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, leadId), eq(leadDeliveries.channel, 'webhook')))
  )[0];
const attemptsOf = async (deliveryId: string) =>
  (await db())
    .select()
    .from(leadDeliveryAttempts)
    .where(eq(leadDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(leadDeliveryAttempts.attempt));
const settled = (leadId: string) =>
  waitFor(
    async () => {
      const delivery = await deliveryOf(leadId);
      return delivery && ['delivered', 'failed'].includes(delivery.status) ? delivery : undefined;
    },
    { what: `lead ${leadId} to settle` },
  );

beforeAll(async () => {
  await getDatabase();
  startOutboxWorker(50);
});

afterAll(async () => {
  stopOutboxWorker();
  await waitForOutbox();
  await closeDatabase();
  await receiver.stop();
  await ariaReceiver.stop();
});

/** Verified with the official Standard Webhooks library, as a receiver on the standard would. */
function expectSigned(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  id: string,
) {
  expect(headers['webhook-id']).toBe(id);
  expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
  expect(new Webhook(SECRET).verify(rawBody, headers as Record<string, string>)).toEqual(
    JSON.parse(rawBody),
  );
}

describe('POST /api/leads/{form}: accepted leads are stored, then delivered exactly as docs/product.md section 6.8', () => {
  it('delivers a growth audit with attribution, the payload of docs/product.md section 6.8 and signed headers', async () => {
    const attribution = {
      page_url: 'https://www.agency.com/growth-audit?utm_source=news',
      referrer: 'https://news.example/',
      user_agent: 'Mozilla/5.0 (Integration)',
      time_on_page: '95',
      scroll_depth: 'lots', // invalid: dropped, the lead is still accepted
      screen_resolution: '390x844',
      viewport_size: '390x700',
      timezone: 'America/Chicago',
      language: 'en-US',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'launch',
      utm_term: '',
      utm_content: 'hero',
    };
    const response = await post('growth-audit', {
      ...validBodies['growth-audit'],
      email: 'ga@example.com',
      ...attribution,
      company_website: '',
      form_started_at: String(Date.now() - 60_000),
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const id = response.json!.id as string;

    const lead = await leadRow(id);
    expect(lead).toMatchObject({
      form: 'growth-audit',
      status: 'accepted',
      userAgent: 'integration-test',
    });
    expect(lead!.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(lead)).not.toContain('198.51.100.');

    const delivery = await settled(id);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      lockedUntil: null,
    });
    const [request, ...more] = receiver.forLead(id);
    expect(more).toHaveLength(0);
    expect(request!.path).toBe('/shared');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('application/json');
    expectSigned(request!.headers, request!.rawBody, id);
    expect(request!.body).toStrictEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ga@example.com',
      phone: null,
      website: 'https://example.com',
      full_name: 'Ada Lovelace',
      source: 'growth_audit_landing_page',
      timestamp: lead!.createdAt.toISOString(),
      page_url: attribution.page_url,
      referrer: attribution.referrer,
      user_agent: attribution.user_agent,
      time_on_page: 95,
      scroll_depth: null,
      screen_resolution: '390x844',
      viewport_size: '390x700',
      timezone: 'America/Chicago',
      language: 'en-US',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'launch',
      utm_term: null,
      utm_content: 'hero',
      cta_clicked: 'unlock_growth_audit',
      lead_temperature: 'hot',
      interest_level: 'high',
      lead_source: 'Website - Growth Audit',
      lead_status: 'New Lead',
      tags: ['growth-audit', 'website-lead', 'automation-interest'],
    });
  });

  it.each([
    ['demo', '/demo', 'contact_demo_page'],
    ['contact', '/contact', 'contact_us_page'],
  ] as const)(
    'delivers a %s lead to its own webhook with all form fields, source, timestamp and the attribution',
    async (form, path, source) => {
      const email = `${form}@example.com`;
      const response = await post(form, {
        ...validBodies[form],
        email,
        page_url: `https://www.agency.com/${form}`,
        referrer: 'https://www.google.com/',
        utm_source: 'google',
        utm_campaign: 'spring',
        language: 'en-GB',
      });
      expect(response.status).toBe(201);
      const id = response.json!.id as string;
      await settled(id);
      const [request] = receiver.forLead(id);
      expect(request!.path).toBe(path);
      expect(request!.body).toStrictEqual({
        ...validBodies[form],
        email,
        source,
        timestamp: (await leadRow(id))!.createdAt.toISOString(),
        page_url: `https://www.agency.com/${form}`,
        referrer: 'https://www.google.com/',
        user_agent: 'integration-test', // from the request's own header when the body has none
        time_on_page: null,
        scroll_depth: null,
        screen_resolution: null,
        viewport_size: null,
        timezone: null,
        language: 'en-GB',
        utm_source: 'google',
        utm_medium: null,
        utm_campaign: 'spring',
        utm_term: null,
        utm_content: null,
      });
    },
  );

  it('retries a 500 with backoff until the receiver accepts, recording every attempt', async () => {
    receiver.plan('retry@example.com', [500, 500, 200]);
    const response = await post('contact', { ...validBodies.contact, email: 'retry@example.com' });
    const id = response.json!.id as string;
    const delivery = await settled(id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((a) => [a.attempt, a.httpStatus, a.error])).toEqual([
      [1, 500, 'HTTP 500 (non-2xx response)'],
      [2, 500, 'HTTP 500 (non-2xx response)'],
      [3, 200, null],
    ]);
    const seen = receiver.forLead(id);
    expect(seen).toHaveLength(3);
    // Waited roughly the schedule (100 ms, then 200 ms, each +/-20%) between attempts.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(75);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(155);
  });

  it('waits as long as a 429 or 503 asks with Retry-After before the next attempt, when that is longer than the schedule', async () => {
    receiver.plan('busy@example.com', [
      { status: 429, headers: { 'Retry-After': '1' } },
      { status: 503, headers: { 'Retry-After': 'soon' } }, // unreadable: the schedule's wait
      200,
    ]);
    const response = await post('contact', { ...validBodies.contact, email: 'busy@example.com' });
    const id = response.json!.id as string;
    const delivery = await settled(id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((a) => [a.httpStatus, a.error])).toEqual([
      [429, 'HTTP 429 (non-2xx response, asked to wait 1 s)'],
      [503, 'HTTP 503 (non-2xx response)'],
      [200, null],
    ]);
    const seen = receiver.forLead(id);
    // The schedule's first wait is 100 ms; the receiver asked for a second.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(990);
    expect(seen[2]!.at - seen[1]!.at).toBeLessThan(900);
  });

  it('treats a hanging receiver as a timeout, a redirect and a dropped connection as failures, then retries', async () => {
    receiver.plan('slow@example.com', ['hang', 302, 'destroy']);
    const response = await post('demo', { ...validBodies.demo, email: 'slow@example.com' });
    const id = response.json!.id as string;
    const delivery = await settled(id);
    expect(delivery.status).toBe('failed'); // three attempts = the first plus two scheduled retries
    const attempts = await attemptsOf(delivery.id);
    expect(attempts).toHaveLength(3);
    expect(attempts[0]).toMatchObject({ httpStatus: null, error: 'timeout after 400 ms' });
    expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(390);
    expect(attempts[1]).toMatchObject({
      httpStatus: 302,
      error: 'HTTP 302 (redirect not followed)',
    });
    expect(attempts[2]).toMatchObject({ httpStatus: null });
    expect(attempts[2]!.error).toMatch(/fetch failed|socket|other side closed|ECONNRESET/i);
  });

  it("marks a delivery 'failed' after the last attempt and leaves it visible", async () => {
    receiver.plan('down@example.com', [503, 503, 503, 200]);
    const response = await post('contact', { ...validBodies.contact, email: 'down@example.com' });
    const id = response.json!.id as string;
    const delivery = await settled(id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastStatus: 503,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.forLead(id)).toHaveLength(3); // and no fourth try after giving up
    const report = await health();
    expect(report.status).toBe(200);
    expect(await report.json()).toMatchObject({
      ok: true,
      database: 'up',
      outbox: { failed: expect.any(Number), pending: expect.any(Number) },
    });
  });

  it('records the attempts that finish beside a lead deleted mid-attempt (one statement writes both)', async () => {
    receiver.plan('kept@example.com', ['hang', 200]);
    receiver.plan('erased@example.com', ['hang', 200]);
    const [kept, erased] = await Promise.all(
      ['kept@example.com', 'erased@example.com'].map(async (email) => {
        const response = await post('contact', { ...validBodies.contact, email });
        return response.json!.id as string;
      }),
    );
    // Both attempts wait out the 400 ms timeout together; one lead goes while they do.
    await (await db()).delete(leads).where(eq(leads.id, erased!));
    const delivery = await settled(kept!);
    expect(delivery.status).toBe('delivered');
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((attempt) => attempt.error === null)).toEqual([false, true]);
    expect(await leadRow(erased!)).toBeUndefined();
  });

  it('keeps a lead whose receiver refuses connections and delivers it once the receiver is back', async () => {
    await ariaReceiver.stop();
    const response = await post('aria-signup', validBodies['aria-signup']);
    expect(response.status).toBe(201);
    const id = response.json!.id as string;
    const firstFailure = await waitFor(async () => {
      const delivery = await deliveryOf(id);
      return delivery && delivery.attempts >= 1 && delivery.status === 'pending'
        ? delivery
        : undefined;
    });
    expect(firstFailure.lastError).toMatch(/ECONNREFUSED|fetch failed/);
    await ariaReceiver.start();
    const delivery = await settled(id);
    expect(delivery.status).toBe('delivered');
    expect(ariaReceiver.forLead(id)).toHaveLength(1);
    expect(ariaReceiver.forLead(id)[0]!.body).toMatchObject({
      source: 'aria_landing_page',
      propertyName: 'Oak Court',
      units: '26-50',
    });
  });
});

describe('operator commands (npm run leads)', () => {
  it('lists, shows, exports and sends failed deliveries now, which then get delivered', async () => {
    const failedOnly = parseLeadQuery({ status: 'failed' }).query;
    const { rows: failed } = await searchLeads(failedOnly, { pageSize: 1000 });
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed.every((row) => row.delivery === 'failed')).toBe(true);
    const { rows: contactFailed } = await searchLeads(
      parseLeadQuery({ form: 'contact', status: 'failed' }).query,
    );
    expect(contactFailed.every((row) => row.form === 'contact')).toBe(true);
    expect(parseLeadQuery({ status: 'bogus' }).problems).toEqual([
      { message: expect.stringMatching(/Unknown status 'bogus'/), fields: ['status'] },
    ]);

    const shown = await showLead(failed[0]!.id);
    expect(shown!.deliveries.find((d) => d.channel === 'webhook')!.status).toBe('failed');
    expect(shown!.attempts).toHaveLength(3);

    let csv = '';
    for await (const line of csvLines(failedOnly)) csv += line;
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toMatch(
      /^\uFEFFid,created_at,form,status,spam,delivery_status,delivery_attempts,delivered_at,firstName,lastName,email,/,
    );
    expect(rows).toHaveLength(failed.length);

    // Two at once (a script while an operator presses Send now): each job is attempted once, and
    // each says how every job it found went, whichever of them took it. One that looks only after
    // the other has claimed them finds none waiting.
    const both = await Promise.all([sendNow(), sendNow()]);
    const everyJob = { attempted: failed.length, delivered: failed.length, failed: 0, waiting: 0 };
    expect(both).toContainEqual(everyJob);
    for (const sent of both)
      expect([everyJob, { attempted: 0, delivered: 0, failed: 0, waiting: 0 }]).toContainEqual(
        sent,
      );
    for (const row of failed)
      expect(await settled(row.id)).toMatchObject({ status: 'delivered', attempts: 4 });
    expect((await searchLeads(failedOnly)).total).toBe(0);
  });

  it('defuses spreadsheet formulas in CSV cells, and shows control and bidi characters as text', async () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1 555')).toBe(`'+1 555`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    // Quoted too: it holds a ';', a separator in many locales' spreadsheets.
    expect(csvCell('Ann\u001b]0;pwned\u0007\u202eevil')).toBe(
      '"Ann\\u001b]0;pwned\\u0007\\u202eevil"',
    );
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
  });
});

describe('POST /api/leads/{form}: refusals', () => {
  it('answers 422 with every field error and stores nothing', async () => {
    const before = (await (await db()).select().from(leads)).length;
    const response = await post('growth-audit', {
      firstName: ' ',
      email: 'nope',
      phone: '0123',
      website: 'not a site',
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      error: 'validation',
      message: 'Some fields are not valid.',
      fieldErrors: {
        firstName: 'required',
        lastName: 'required',
        email: 'invalid',
        phone: 'invalid',
        website: 'invalid',
      },
    });
    expect((await (await db()).select().from(leads)).length).toBe(before);
  });

  it('answers 404 for an unknown form', async () => {
    const response = await post('newsletter', validBodies.contact);
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: 'not_found' });
  });

  it('answers 413 for a body over 96 KB, declared or streamed', async () => {
    const big = await post('contact', { ...validBodies.contact, message: 'x'.repeat(100_000) });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ error: 'too_large' });

    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024;
        controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
        if (sent > 10_000_000) controller.close();
      },
    });
    const request = leadRequest('contact', {
      body: endless,
      headers: { 'x-forwarded-for': freshIp() },
    });
    const response = await POST(request, { params: Promise.resolve({ form: 'contact' }) });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(200_000); // stopped reading soon after the limit
  });

  it('takes a 5,000-character message in Chinese from a browser without JavaScript (percent-encoded, 45 KB)', async () => {
    const message = '请'.repeat(5000);
    const body = new URLSearchParams({
      ...(validBodies.contact as Record<string, string>),
      message,
      form_started_at: String(Date.now() - 10_000),
    }).toString();
    expect(body.length).toBeGreaterThan(45_000);
    const response = await post('contact', body, {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(201);
    const stored = await leadRow(String(response.json!.id));
    expect((stored?.fields as Record<string, string>).message).toBe(message);
  });

  it('answers 415 for an unsupported content type and 400 for invalid JSON', async () => {
    expect((await post('contact', 'firstName=A', { contentType: 'text/plain' })).status).toBe(415);
    const invalid = await post('contact', '{"firstName": "A",');
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({
      error: 'bad_request',
      message: 'The body is not valid JSON.',
    });
  });

  it("answers 403 to a post from another site's page, and stores nothing", async () => {
    const email = `cross-${Math.random().toString(36).slice(2)}@example.com`;
    const request = leadRequest('contact', {
      body: JSON.stringify({ ...validBodies.contact, email }),
      headers: { origin: 'https://evil.example', 'x-forwarded-for': freshIp() },
    });
    const response = await POST(request, { params: Promise.resolve({ form: 'contact' }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'forbidden' });
    expect((await searchLeads({ q: email })).total).toBe(0);
  });

  it('answers 429 with Retry-After after 5 requests a minute from one address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await post('contact', { firstName: '' }, { ip })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
    const limited = await post('contact', validBodies.contact, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.json).toMatchObject({ error: 'rate_limited' });
    // Another form, or another address, is counted separately.
    expect((await post('demo', validBodies.demo, { ip })).status).toBe(201);
  });
});

describe('behind a proxy that appends to X-Forwarded-For (TRUST_PROXY=1)', () => {
  it('counts the address the proxy added, not what the client wrote before it or in other headers', async () => {
    const visitor = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const forged = forgedAddressHeaders(i);
      // The proxy appends the address it saw to whatever X-Forwarded-For the client sent.
      const xff = [forged['x-forwarded-for'], visitor].filter(Boolean).join(', ');
      const headers = { ...forged, 'x-forwarded-for': xff, [PEER_ADDRESS_HEADER]: '10.0.0.2' };
      statuses.push((await post('contact', { firstName: '' }, { ip: xff, headers })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });
});

describe('spam', () => {
  it.each([
    ['a filled honeypot', () => ({ company_website: 'http://spam.example' })],
    ['a form sent 300 ms after it appeared', () => ({ form_started_at: String(Date.now() - 300) })],
  ])(
    'answers %s exactly like a success, stores it as spam and never delivers it',
    async (_label, extra) => {
      const email = `bot-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await post('contact', { ...validBodies.contact, email, ...extra() });
      expect(response.status).toBe(201);
      expect(Object.keys(response.json!)).toEqual(['ok', 'id']);
      const id = response.json!.id as string;
      expect((await leadRow(id))!.status).toBe('spam');
      expect(await deliveryOf(id)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.filter((request) => request.body.email === email)).toHaveLength(0);
    },
  );
});

describe('plain HTML form posts (JavaScript off)', () => {
  const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  /** Where a refused plain post was sent back to (a 303), and the errors its token holds. */
  function returnedTo(response: { status: number; headers: Headers }) {
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://localhost');
    return {
      to: `${location.pathname}${location.hash}`,
      errors: decodeLeadFormErrors(location.searchParams.get('errors')),
    };
  }

  it.each([
    ['growth-audit', '/thank-you'],
    ['demo', '/contact-demo?sent=1#demo-form-sent'],
    ['contact', '/contact-us?sent=1#contact-form-sent'],
    ['aria-signup', '/aria-landing?sent=1#aria-signup-form-sent'],
  ] as const)('redirects a valid %s post to its success page with 303', async (form, location) => {
    const body = new URLSearchParams({
      ...validBodies[form],
      email: `nojs-${form}@example.com`,
      company_website: '',
      form_started_at: '',
    }).toString();
    const response = await post(form, body, {
      contentType: 'application/x-www-form-urlencoded',
      accept: browserAccept,
      headers: { referer: `https://www.agency.com/${form}` },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(location);
    const [lead] = (await (await db()).select().from(leads)).filter(
      (row) => row.fields.email === `nojs-${form}@example.com`,
    );
    expect(lead).toMatchObject({
      status: 'accepted',
      attribution: { page_url: `https://www.agency.com/${form}`, user_agent: 'integration-test' },
    });
  });

  it('takes the campaign from the address of the page the form was on', async () => {
    const page =
      'https://www.agency.com/contact-us?utm_source=google&utm_medium=cpc&utm_campaign=spring_a&x=1';
    const body = new URLSearchParams({
      ...validBodies.contact,
      email: 'nojs-utm@example.com',
      company_website: '',
      form_started_at: '',
    }).toString();
    const response = await post('contact', body, {
      contentType: 'application/x-www-form-urlencoded',
      accept: browserAccept,
      headers: { referer: page },
    });
    expect(response.status).toBe(303);
    const [lead] = (await (await db()).select().from(leads)).filter(
      (row) => row.fields.email === 'nojs-utm@example.com',
    );
    expect(lead!.attribution).toEqual({
      page_url: page,
      user_agent: 'integration-test',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring_a',
    });
  });

  it('a double click (the same post twice at once) is one lead; a scripted resend or other values are new ones', async () => {
    const ip = freshIp();
    const values = { ...validBodies.contact, email: 'nojs-twice@example.com', company_website: '' };
    const plain = (message: string) =>
      post('contact', new URLSearchParams({ ...values, message }).toString(), {
        ip,
        contentType: 'application/x-www-form-urlencoded',
        accept: browserAccept,
      });
    const twins = await Promise.all([plain('Call me'), plain('Call me')]);
    expect(twins.map((response) => response.status)).toEqual([303, 303]);
    expect(twins[1]!.headers.get('location')).toBe('/contact-us?sent=1#contact-form-sent');
    for (const message of ['Call me', 'Call me tomorrow'])
      expect((await plain(message)).headers.get('location')).toBe(
        '/contact-us?sent=1#contact-form-sent',
      );
    const scripted = { ...values, message: 'Call me' };
    // Each from an address of its own: the test allows five posts a minute from one.
    const [a, b] = [await post('contact', scripted), await post('contact', scripted)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json!.id).not.toBe(b.json!.id);
    const stored = (await (await db()).select().from(leads)).filter(
      (row) => row.fields.email === 'nojs-twice@example.com',
    );
    expect(stored.map((row) => row.fields.message).sort()).toEqual([
      'Call me',
      'Call me',
      'Call me',
      'Call me tomorrow',
    ]);
  });

  it('redirects an invalid post back to the form with the errors, and no typed values, in the URL', async () => {
    const form = new FormData();
    form.set('firstName', 'Alan');
    form.set('lastName', '');
    form.set('email', 'alan@');
    const request = new Request('http://localhost/api/leads/contact', {
      method: 'POST',
      headers: { accept: browserAccept, 'x-forwarded-for': freshIp() },
      body: form,
    });
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    const response = await POST(request, { params: Promise.resolve({ form: 'contact' }) });
    expect(returnedTo(response)).toEqual({
      to: '/contact-us#contact-form-error',
      errors: { lastName: 'required', email: 'invalid' },
    });
    expect(response.headers.get('location')).not.toMatch(/Alan|alan/);
  });

  it.each(['https://contact-us.translate.example', 'null'])(
    'sends a post from a copy of the page (Origin %s) to the real form, saying nothing was sent, and stores nothing',
    async (origin) => {
      const email = `nojs-copy-${Math.random().toString(36).slice(2)}@example.com`;
      const body = new URLSearchParams({ ...validBodies.contact, email }).toString();
      const response = await post('contact', body, {
        contentType: 'application/x-www-form-urlencoded',
        accept: browserAccept,
        headers: { origin },
      });
      expect(returnedTo(response)).toEqual({
        to: '/contact-us#contact-form-error-foreign',
        errors: { form: 'foreign' },
      });
      expect((await searchLeads({ q: email })).total).toBe(0);
    },
  );
});

describe('Standard Webhooks', () => {
  it('every request the receivers got verifies with the official standardwebhooks library', () => {
    expect(receiver.received.length + ariaReceiver.received.length).toBeGreaterThan(15);
    expect([...receiver.unverified(), ...ariaReceiver.unverified()]).toEqual([]);
  });
});
