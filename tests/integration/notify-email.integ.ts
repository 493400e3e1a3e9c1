import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { POST } from '@/app/api/leads/[form]/route';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { leadDeliveries, leads } from '@/server/db/schema';
import { sendTestChatMessage } from '@/server/outbox/chat-app';
import { deliveryHealthReport } from '@/server/outbox/delivery-health';
import { deliverSkipped, setSpam } from '@/server/leads/actions';
import { purgeExpired } from '@/server/leads/retention';
import { leadJobs } from '@/server/outbox/lead-jobs';
import { outboxOptions, runOutboxOnce, waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher, type CaughtMessage } from '../../scripts/lib/mail-catcher.mjs';
import {
  freshEnvironment,
  leadRequest,
  setEnvironment,
  validBodies,
  waitFor,
} from './support/helpers';
import { startReceiver } from './support/receiver';
import { storeLead } from './support/store-lead';

/**
 * Every lead reaches a person: each form's lead, posted to the route handler, sets off the agency's
 * email (Reply-To the visitor, every field, the attribution, the absolute inbox link), the
 * confirmation that form's page promises the visitor, and a chat-app message without personal data,
 * through a real SMTP server on loopback that wants a password and a real HTTP receiver. Spam sets
 * off nothing, and the autoresponder cannot be made to mail strangers.
 */

const AUTH = { user: 'site', pass: 'correct horse battery staple' };
const catcher = await startMailCatcher({ auth: AUTH });
const webhook = await startReceiver();
const chat = await startReceiver();
const CAP = 6;
await freshEnvironment({
  SMTP_URL: catcher.url(),
  MAIL_FROM: 'Brightline AI <hello@brightline.example>',
  LEADS_NOTIFY_TO: 'team@agency.example',
  LEADS_NOTIFY_TO_DEMO: 'sales@agency.example, owner@agency.example',
  LEADS_NOTIFY_CHAT_URL: `${chat.url}/services/T000/B000/secret`,
  LEADS_WEBHOOK_URL: `${webhook.url}/hook`,
  LEADS_ALERT_TO: 'ops@agency.example',
  LEADS_AUTORESPONSE_PER_HOUR: String(CAP),
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  NEXT_PUBLIC_SITE_URL: 'https://www.brightline.example',
});

beforeAll(async () => {
  await getDatabase();
});

afterAll(async () => {
  await closeDatabase();
  await catcher.stop();
  await webhook.stop();
  await chat.stop();
});

const SITE = 'https://www.brightline.example';

async function post(form: string, body: Record<string, unknown>): Promise<string> {
  const response = await POST(leadRequest(form, { body: JSON.stringify(body) }), {
    params: Promise.resolve({ form }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Messages the mail server accepted for one lead: the inbox link names it, the visitor's by
 * address.
 */
const forLead = (id: string) => catcher.accepted.filter((message) => message.raw.includes(id));
const to = (address: string) =>
  catcher.accepted.filter((message) => message.envelope.to.includes(address));
const hrefs = (message: CaughtMessage) =>
  [...String(message.parsed.html).matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

describe('a lead of each form', () => {
  it.each(Object.keys(validBodies) as Array<keyof typeof validBodies>)(
    '%s: one email to each agency recipient, the visitor the confirmation its page promises, a chat message without personal data',
    async (form) => {
      const body = {
        ...validBodies[form],
        email: `visitor-${form}@example.com`,
        page_url: `${SITE}/landing?utm_source=newsletter`,
        referrer: 'https://search.example/',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
      };
      const id = await post(form, body);
      await waitForOutbox();

      const recipients =
        form === 'demo'
          ? ['sales@agency.example', 'owner@agency.example']
          : ['team@agency.example'];
      const agency = catcher.accepted.filter(
        (message) => message.raw.includes(id) && !message.envelope.to.includes(body.email),
      );
      expect(agency.map((message) => message.envelope.to).sort()).toEqual(
        recipients.map((r) => [r]).sort(),
      );
      for (const message of agency) {
        expect(message.parsed.replyTo?.text).toBe(body.email);
        expect(message.parsed.from?.value).toEqual([
          { name: 'Brightline AI', address: 'hello@brightline.example' },
        ]);
        expect(message.parsed.subject).toContain(`${body.firstName} ${body.lastName}`);
        expect(
          message.parsed.to && 'text' in message.parsed.to ? message.parsed.to.text : '',
        ).not.toContain(body.email);
        // Every field as the visitor typed it (a bare website domain is stored with https://),
        // choices by label.
        const shown = {
          website: 'https://example.com',
          industry: 'Other',
          callVolume: '0-100 calls',
          units: '26-50 units',
        };
        for (const [name, typed] of Object.entries(validBodies[form]))
          if (typed) {
            const value =
              name === 'email' ? body.email : (shown[name as keyof typeof shown] ?? typed);
            expect(message.parsed.text, name).toContain(value);
          }
        expect(message.parsed.text).toContain('UTM source: newsletter');
        expect(message.parsed.text).toContain('Referrer: https://search.example/');
        expect(hrefs(message)).toEqual([`${SITE}/admin/leads/${id}`]);
        expect(message.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@www\.brightline\.example>$/);
      }

      const confirmation = to(body.email);
      expect(confirmation).toHaveLength(1);
      const expectedSubject = {
        'growth-audit': 'Your growth blueprint is on its way',
        demo: 'Your demo request is in',
        contact: 'We received your message',
        'aria-signup': 'You are on the list for Aria',
      }[form];
      expect(confirmation[0]!.parsed.subject).toBe(expectedSubject);
      expect(confirmation[0]!.parsed.text).toContain(`Hi ${body.firstName},`);
      for (const href of hrefs(confirmation[0]!)) expect(href.startsWith(`${SITE}/`)).toBe(true);
      expect(confirmation[0]!.parsed.replyTo).toBeUndefined();

      const pings = chat.received.filter((request) => String(request.body.text).includes(id));
      expect(pings).toHaveLength(1);
      const ping = pings[0]!.rawBody;
      expect(pings[0]!.body).toEqual({
        text: expect.stringContaining(`${SITE}/admin/leads/${id}`),
      });
      for (const value of [
        body.firstName,
        body.lastName,
        body.email,
        'phone' in body ? body.phone : '',
        'company' in body ? body.company : '',
        'message' in body ? body.message : '',
        'propertyName' in body ? body.propertyName : '',
      ].filter((v) => v && v.length > 2))
        expect(ping).not.toContain(value);

      expect(webhook.forLead(id)).toHaveLength(1);
      // The lead's page lists every job with its attempts: the mail server's reply, the chat's
      // status.
      const jobs = await leadJobs(id);
      expect(jobs.map((job) => job.channel)).toEqual([
        'webhook',
        ...recipients.map(() => 'agency_email'),
        'visitor_email',
        'chat',
      ]);
      for (const job of jobs) {
        expect(job.status).toBe('delivered');
        expect(job.history).toHaveLength(1);
      }
      expect(jobs.find((job) => job.channel === 'visitor_email')!.history[0]!.reply).toMatch(
        /^250 /,
      );
      expect(jobs.find((job) => job.channel === 'chat')!.history[0]!.httpStatus).toBe(200);
    },
  );
});

describe('spam', () => {
  it('sets off no email, no chat message and no delivery', async () => {
    const before = { mail: catcher.arrived.length, chat: chat.received.length };
    const id = await post('contact', {
      ...validBodies.contact,
      email: 'bot@example.com',
      company_website: 'http://spam.example',
    });
    await waitForOutbox();
    expect(catcher.arrived.length).toBe(before.mail);
    expect(chat.received.length).toBe(before.chat);
    expect(await leadJobs(id)).toEqual([]);
  });

  it('a lead marked spam before its jobs went, then not spam: its webhook, the agency email and the chat message go, no late confirmation', async () => {
    const id = await storeLead('contact', { email: 'unmarked@example.com' });
    const statuses = async () =>
      Object.fromEntries((await leadJobs(id)).map((job) => [job.channel, job.status]));
    expect(await setSpam(id, true)).toBe('changed');
    expect(await statuses()).toEqual({
      webhook: 'skipped',
      agency_email: 'skipped',
      visitor_email: 'skipped',
      chat: 'skipped',
    });
    const chatsBefore = chat.received.length;
    expect(await setSpam(id, false)).toBe('changed');
    await waitForOutbox();
    expect(await statuses()).toEqual({
      webhook: 'delivered',
      agency_email: 'delivered',
      visitor_email: 'skipped',
      chat: 'delivered',
    });
    expect(webhook.forLead(id)).toHaveLength(1);
    expect(forLead(id).map((message) => message.envelope.to)).toEqual([['team@agency.example']]);
    expect(to('unmarked@example.com')).toHaveLength(0);
    expect(chat.received.length).toBe(chatsBefore + 1);
  });

  it('a real lead marked not spam (a bulk mark over a mixed list) is left alone: what it skipped stays skipped', async () => {
    setEnvironment({ LEADS_WEBHOOK_URL: '' });
    const id = await storeLead('contact', { email: 'never-spam@example.com' });
    await waitForOutbox();
    setEnvironment({ LEADS_WEBHOOK_URL: `${webhook.url}/hook` });
    expect(await setSpam(id, false)).toBe('unchanged');
    await waitForOutbox();
    const webhookJob = (await leadJobs(id)).find((job) => job.channel === 'webhook')!;
    expect(webhookJob).toMatchObject({ status: 'skipped', attempts: 0 });
    expect(webhook.forLead(id)).toHaveLength(0);
    expect(await setSpam('00000000-0000-4000-8000-000000000000', false)).toBeNull();
  });
});

describe('the autoresponder', () => {
  it('confirms one address once a day across forms, whatever its letter case; the agency hears of both leads', async () => {
    const first = await post('contact', { ...validBodies.contact, email: 'twice@example.com' });
    const second = await post('demo', { ...validBodies.demo, email: 'Twice@Example.com' });
    await waitForOutbox();
    const confirmations = catcher.accepted.filter((message) =>
      message.envelope.to.some((address) => address.toLowerCase() === 'twice@example.com'),
    );
    expect(confirmations).toHaveLength(1);
    expect(forLead(first).length + forLead(second).length).toBe(1 + 2); // team, then sales and owner
    const skipped = (await leadJobs(second)).find((job) => job.channel === 'visitor_email')!;
    expect(skipped).toMatchObject({
      status: 'skipped',
      lastError: expect.stringMatching(/last 24 hours/),
    });
    // 'Deliver skipped' is for email that was off: a declined confirmation stays declined, and
    // delivery health does not count it as waiting for one.
    expect(await deliverSkipped({ leadId: second })).toBe(0);
    expect((await deliveryHealthReport()).forms.demo.visitor_email.skipped).toBe(0);
    expect((await leadJobs(second)).find((job) => job.id === skipped.id)).toMatchObject({
      status: 'skipped',
      history: [expect.objectContaining({ error: skipped.lastError })],
    });
    // Nothing readable is kept: the address is an HMAC.
    const { db } = await getDatabase();
    const rows = await db.execute(sql`SELECT address_hash FROM autoresponses`);
    expect(JSON.stringify(rows)).not.toContain('twice');
  });

  it('greets without a name when the first name is more than a name, and carries no other text the visitor wrote', async () => {
    await post('contact', {
      ...validBodies.contact,
      firstName: ' \u202Ewww.win-a-prize.example\u202C ',
      lastName: 'Visit http://win-a-prize.example',
      message: 'Click http://win-a-prize.example/now',
      email: 'stranger@example.com',
    });
    await waitForOutbox();
    const [message] = to('stranger@example.com');
    expect(message).toBeDefined();
    expect(message!.raw).not.toContain('win-a-prize.example');
    expect(message!.parsed.text).toMatch(/^Hello,$/m);
    expect(message!.raw).not.toContain('win-a-prize');
    expect(message!.raw).not.toMatch(/\u202E|\u202C/);
    for (const href of hrefs(message!)) expect(href.startsWith(`${SITE}/`)).toBe(true);
  });

  it(`sends at most ${CAP} an hour across forms and emails the agency once when the cap is hit`, async () => {
    // An hour of its own: the earlier tests' confirmations are long past by this clock.
    const hour = Date.parse('2031-05-06T10:00:00Z');
    let clock = hour;
    const options = outboxOptions({ now: () => new Date(clock) });
    const ids: string[] = [];
    for (let i = 0; i < CAP + 3; i += 1) {
      ids.push(
        await storeLead(
          i % 2 ? 'contact' : 'growth-audit',
          { email: `burst-${i}@example.com` },
          { now: new Date(clock) },
        ),
      );
      clock += 60_000;
    }
    await runOutboxOnce(options);
    await runOutboxOnce(options); // the alert written by the first pass
    await waitForOutbox();
    const confirmed = catcher.accepted.filter((m) =>
      m.envelope.to.some((a) => a.startsWith('burst-')),
    );
    expect(confirmed).toHaveLength(CAP);
    const alerts = to('ops@agency.example').filter((m) =>
      m.parsed.subject?.includes('hourly limit'),
    );
    expect(alerts).toHaveLength(1);
    // It tells the rule as it works: the last 60 minutes, not the clock hour.
    expect(alerts[0]!.parsed.text).toContain(
      `They resume once fewer than ${CAP} have gone out in the last 60 minutes.`,
    );
    const { db } = await getDatabase();
    const capped = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadDeliveries)
      .where(
        sql`channel = 'visitor_email' AND status = 'skipped' AND last_error LIKE '%hourly limit%'`,
      );
    expect(capped[0]!.n).toBe(3);
    // An hour later the cap has room again.
    clock += 60 * 60_000;
    const leadId = await storeLead(
      'contact',
      { email: 'after-the-hour@example.com' },
      { now: new Date(clock) },
    );
    await runOutboxOnce(options);
    expect(to('after-the-hour@example.com')).toHaveLength(1);
    expect(await db.select().from(leads).where(eq(leads.id, leadId))).toHaveLength(1);
  });

  it('forgets an address a day after its confirmation, but not while the confirmation is still retrying', async () => {
    // A day of its own, after the cap test's hours.
    let clock = Date.parse('2032-03-04T09:00:00Z');
    const options = outboxOptions({ now: () => new Date(clock) });
    const confirm = async (email: string) => {
      const leadId = await storeLead('contact', { email }, { now: new Date(clock) });
      await runOutboxOnce(options);
      return (await leadJobs(leadId)).find((job) => job.channel === 'visitor_email')!;
    };
    const { db } = await getDatabase();
    const held = async (...jobs: string[]) => {
      const { rows } = (await db.execute(
        sql`SELECT delivery_id::text AS job FROM autoresponses`,
      )) as unknown as { rows: { job: string }[] };
      return jobs.filter((job) => rows.some((row) => row.job === job));
    };
    const sent = await confirm('sent-once@example.com');
    expect(sent.status).toBe('delivered');
    catcher.decideWith((message) =>
      message.envelope.to.includes('still-trying@example.com') ? 'defer' : 'accept',
    );
    let retrying;
    try {
      retrying = await confirm('still-trying@example.com');
    } finally {
      catcher.decideWith(() => 'accept');
    }
    expect(retrying.status).toBe('pending');

    clock += 23 * 60 * 60_000; // within the day: both kept
    await purgeExpired({ spamDays: null, leadDays: null }, new Date(clock));
    expect(await held(sent.id, retrying.id)).toEqual([sent.id, retrying.id]);

    clock += 60 * 60_000; // a day on: the sent one goes, the retrying one keeps its slot
    await purgeExpired({ spamDays: null, leadDays: null }, new Date(clock));
    expect(await held(sent.id, retrying.id)).toEqual([retrying.id]);
    // Forgotten, the address is confirmed again, once.
    expect((await confirm('sent-once@example.com')).status).toBe('delivered');
    expect(to('sent-once@example.com')).toHaveLength(2);
  });
});

describe('what the lead acknowledges', () => {
  it('answers 201 before any email is sent: a slow mail server never holds the visitor up', async () => {
    catcher.decideWith(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return 'accept' as const;
    });
    try {
      const started = performance.now();
      const id = await post('contact', { ...validBodies.contact, email: 'patient@example.com' });
      expect(performance.now() - started).toBeLessThan(1_000);
      await waitFor(async () => forLead(id).length === 1, { what: "the agency's email to arrive" });
    } finally {
      catcher.decideWith(() => 'accept');
      await waitForOutbox();
    }
  });

  // Linux keeps a nice value per thread (/proc/<pid>/task/<tid>/stat, field 19).
  const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  it.runIf(process.platform === 'linux')(
    'sends from a thread at the lowest priority, and only that thread: requests keep the CPU',
    async () => {
      const id = await post('contact', { ...validBodies.contact, email: 'nice@example.com' });
      await waitFor(async () => forLead(id).length === 1, { what: "the agency's email to arrive" });
      const threads = readdirSync('/proc/self/task').map((tid) =>
        niceOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')),
      );
      const mine = niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
      expect(mine).toBeLessThan(19);
      expect(threads.filter((nice) => nice === 19)).toHaveLength(1);
      expect(threads.filter((nice) => nice === mine)).toHaveLength(threads.length - 1);
    },
  );
});

describe('the chat app', () => {
  it('rate-limited (429 with Retry-After, as Slack answers), is not tried again before it asked', async () => {
    chat.setDefault({ status: 429, headers: { 'Retry-After': '30' } });
    try {
      const id = await post('contact', { ...validBodies.contact, email: 'slack-busy@example.com' });
      await waitForOutbox();
      const ping = (await leadJobs(id)).find((job) => job.channel === 'chat')!;
      expect(ping.status).toBe('pending');
      expect(ping.history[0]).toMatchObject({
        httpStatus: 429,
        error: 'HTTP 429 from the chat app, asked to wait 30 s',
      });
      // The schedule's first wait is 10 s +/-20%; the chat app asked for 30.
      const wait = ping.nextAttemptAt!.getTime() - ping.history[0]!.startedAt.getTime();
      expect(wait).toBeGreaterThanOrEqual(30_000);
      expect(wait).toBeLessThan(31_000);
    } finally {
      chat.setDefault(200);
    }
  });

  it("'Send test message' posts one message naming no lead, and delivery health shows the answer", async () => {
    const before = chat.received.length;
    expect(await sendTestChatMessage()).toMatchObject({
      sent: true,
      ok: true,
      httpStatus: 200,
      error: null,
    });
    const [message] = chat.received.slice(before);
    expect(chat.received.length).toBe(before + 1);
    expect(message!.path).toBe('/services/T000/B000/secret');
    expect(message!.headers['content-type']).toBe('application/json');
    expect(message!.body).toEqual({
      text: `Test message from the Brightline AI website: each new lead will be announced here, with a link to it in the inbox (${SITE}/admin).`,
    });
    const sentAt = Date.now();
    const working = (await deliveryHealthReport()).chat;
    expect(working.status).toBe('working');
    expect(sentAt - working.lastSuccessAt!.getTime()).toBeLessThan(5_000);

    chat.setDefault(403);
    try {
      const refused = await sendTestChatMessage();
      expect(refused).toMatchObject({
        sent: true,
        ok: false,
        httpStatus: 403,
        error: 'HTTP 403 from the chat app',
      });
      expect((await deliveryHealthReport()).chat).toMatchObject({
        status: 'failing',
        lastError: 'HTTP 403 from the chat app',
      });
    } finally {
      chat.setDefault(200);
    }

    setEnvironment({ LEADS_NOTIFY_CHAT_URL: '' });
    try {
      const sent = chat.received.length;
      expect(await sendTestChatMessage()).toEqual({ sent: false });
      expect(chat.received.length).toBe(sent);
    } finally {
      setEnvironment({ LEADS_NOTIFY_CHAT_URL: `${chat.url}/services/T000/B000/secret` });
    }
  });
});

// Last: its confirmation would count against the autoresponder's hourly cap the tests above use up.
describe('a lead marked spam while one of its jobs is out', () => {
  it('a job retried after its lead was marked spam during an attempt is skipped, not sent', async () => {
    webhook.setDefault(503);
    const id = await storeLead('contact', { email: 'mid-attempt@example.com' });
    await runOutboxOnce();
    await waitForOutbox();
    webhook.setDefault(200);
    const webhookJob = async () => (await leadJobs(id)).find((job) => job.channel === 'webhook')!;
    expect(await webhookJob()).toMatchObject({ status: 'pending', attempts: 1 });
    // The mark lands while that attempt is out: the job comes back pending, its lead spam.
    const { db } = await getDatabase();
    await db.update(leads).set({ status: 'spam' }).where(eq(leads.id, id));
    await db
      .update(leadDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(leadDeliveries.id, (await webhookJob()).id));
    await runOutboxOnce();
    await waitForOutbox();
    // Skipped without an attempt: the count and the list still say one.
    const skipped = await webhookJob();
    expect(skipped).toMatchObject({ status: 'skipped', lastError: 'marked as spam', attempts: 1 });
    expect(skipped.history).toHaveLength(1);
    expect(webhook.forLead(id)).toHaveLength(1);
  });
});
