import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { GET as healthRoute } from '@/app/api/health/route';
import { POST } from '@/app/api/leads/[form]/route';
import { siteConfig } from '@/config/site';
import { DEFAULT_RETRY_SCHEDULE_MS } from '@/env';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { leadDeliveries } from '@/server/db/schema';
import { sendNow } from '@/server/leads/actions';
import { deliveryHealthReport, failingPaths } from '@/server/outbox/delivery-health';
import { sendTestEmail } from '@/server/outbox/email/test-email';
import { leadJobs } from '@/server/outbox/lead-jobs';
import { writeDigestIfDue } from '@/server/outbox/watchdog';
import { outboxOptions, runOutboxOnce, waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freshEnvironment, leadRequest, setEnvironment, validBodies } from './support/helpers';
import { startReceiver, type Receiver } from './support/receiver';
import { storeLead } from './support/store-lead';

/**
 * Never lost, never twice, never silent when things go wrong: a wrong SMTP password, a message the
 * server refuses, a 10-minute mail outage, the watchdog's alerts and the daily digest, email and the
 * chat app each telling of the other; and what is no failure: a backlog on a slow mail server, a
 * chat app's 429. A real SMTP server and webhook receiver on loopback; hours of retries run on the
 * outbox's own clock.
 */

const AUTH = { user: 'site', pass: 'the-right-password' };
const catcher = await startMailCatcher({ auth: AUTH });
const webhook = await startReceiver();
await freshEnvironment({
  SMTP_URL: catcher.url(),
  LEADS_NOTIFY_TO: 'team@agency.example',
  LEADS_ALERT_TO: 'ops@agency.example',
  LEADS_WEBHOOK_URL: `${webhook.url}/hook`,
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  LEADS_AUTORESPONSE_PER_HOUR: '1000',
  LEADS_DIGEST_HOUR: '8',
  LOG_LEVEL: 'warn',
});

// Everything the site logs at warn and error goes to stderr as JSON lines.
const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
const warnings = (event: string) =>
  stderr.mock.calls
    .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
    .filter((line) => line.event === event);

beforeAll(async () => {
  await getDatabase();
});

afterEach(async () => {
  await waitForOutbox();
  catcher.requireAuth(AUTH);
  catcher.decideWith(() => 'accept');
});

afterAll(async () => {
  stderr.mockRestore();
  await closeDatabase();
  await catcher.stop();
  await webhook.stop();
});

async function post(form: keyof typeof validBodies, email: string): Promise<string> {
  const response = await POST(
    leadRequest(form, { body: JSON.stringify({ ...validBodies[form], email }) }),
    { params: Promise.resolve({ form }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const store = (email: string, now: Date, form: keyof typeof validBodies = 'contact') =>
  storeLead(form, { email }, { now });

/**
 * After a test with a chat app of its own: no chat app again, the mail server taking the password
 * and every job that waited sent, as the other tests expect.
 */
async function offAgain(chat: Receiver, vars: Record<string, string> = {}): Promise<void> {
  setEnvironment({ LEADS_NOTIFY_CHAT_URL: '', ...vars });
  catcher.requireAuth(AUTH);
  chat.setDefault(200);
  await sendNow();
  await waitForOutbox();
  await chat.stop();
}

const delivered = (address: string) =>
  catcher.accepted.filter((message) => message.envelope.to.includes(address));

const chatStoppedAlerts = () =>
  delivered('ops@agency.example').filter(
    (m) => m.parsed.subject === 'Your chat app stopped accepting lead messages',
  );

describe('a wrong SMTP password', () => {
  it('shows in delivery health, is logged at warn once, and every email goes out once it is fixed', async () => {
    catcher.requireAuth({ user: AUTH.user, pass: 'rotated-at-the-provider' });
    const before = warnings('email.misconfigured').length;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await post('contact', `locked-${i}@example.com`));
    await waitForOutbox();

    expect(catcher.accepted.filter((m) => m.envelope.to[0]!.startsWith('locked-'))).toEqual([]);
    const logged = warnings('email.misconfigured').slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn', path: 'email', kind: 'auth' });
    expect(JSON.stringify(logged)).not.toMatch(/rotated|the-right-password|@/);

    const health = await deliveryHealthReport();
    expect(health.email).toMatchObject({ configured: true, status: 'failing' });
    // A monitor polling /api/health sees it too.
    const polled = (await (await healthRoute()).json()) as Record<string, unknown>;
    expect(polled.email).toEqual({ configured: true, working: false });
    expect(health.email.lastError).toMatch(/^Authentication failed/);
    const test = await sendTestEmail();
    expect(test).toMatchObject({ sent: true, ok: false, to: 'ops@agency.example' });
    expect(test.sent && test.error).toMatch(/^Authentication failed/);

    // The password is fixed at the provider's end (or in SMTP_URL): send now, without waiting for
    // the schedule.
    catcher.requireAuth(AUTH);
    const result = await sendNow({ form: 'contact' });
    expect(result.failed).toBe(0);
    await waitForOutbox(); // health is recorded after the attempts, a group at a time
    for (let i = 0; i < 5; i += 1) expect(delivered(`locked-${i}@example.com`)).toHaveLength(1);
    expect(catcher.accepted.filter((m) => ids.some((id) => m.raw.includes(id)))).toHaveLength(5);
    for (const id of ids)
      for (const job of (await leadJobs(id)).filter((job) => job.channel !== 'webhook')) {
        expect(job.status).toBe('delivered');
        expect(job.attempts).toBe(2); // the failed first attempt is kept, not reset
        expect(job.history.map((attempt) => Boolean(attempt.error))).toEqual([true, false]);
      }
    expect((await deliveryHealthReport()).email.status).toBe('working');
    expect(((await (await healthRoute()).json()) as Record<string, unknown>).email).toEqual({
      configured: true,
      working: true,
    });
    const ok = await sendTestEmail();
    expect(ok).toMatchObject({ sent: true, ok: true, reply: expect.stringMatching(/^250 /) });
    expect(delivered('ops@agency.example').at(-1)!.parsed.subject).toContain('Test email');
  });
});

describe('the mail server stopping after it worked', () => {
  it('tells the chat app once, naming no address or credential, and again only after it worked again', async () => {
    const chat = await startReceiver();
    setEnvironment({ LEADS_NOTIFY_CHAT_URL: `${chat.url}/services/T0/B0/alerts` });
    const alerts = () =>
      chat.received
        .map((request) => String(request.body.text))
        .filter((text) => text.startsWith('Email from the'));
    const stopAndPost = async (email: string) => {
      // The provider rotated the password: pooled connections are cut, and new ones refused.
      catcher.requireAuth({ user: AUTH.user, pass: 'rotated-once-more' });
      catcher.dropConnections();
      await post('contact', email);
      await waitForOutbox();
      await runOutboxOnce();
      await waitForOutbox();
    };
    const fixAndSend = async () => {
      catcher.requireAuth(AUTH);
      await sendNow();
      await waitForOutbox();
      expect((await deliveryHealthReport()).email.status).toBe('working');
    };
    try {
      await post('contact', 'works-first@example.com');
      await waitForOutbox();
      expect((await deliveryHealthReport()).email.status).toBe('working');

      await stopAndPost('stopped-1@example.com');
      await stopAndPost('stopped-2@example.com');
      await expect.poll(() => alerts().length).toBe(1);
      expect(alerts()[0]).toMatch(
        /^Email from the Brightline AI website stopped working at \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\): Authentication failed: the mail server refused the user name or password in SMTP_URL \(535\)\. Leads are kept and their emails are retried\. Delivery health: http:\/\/localhost:3000\/admin\/overview$/,
      );
      expect(alerts()[0]).not.toMatch(/rotated|the-right-password|@/);

      await fixAndSend();
      await stopAndPost('stopped-3@example.com');
      await expect.poll(() => alerts().length).toBe(2);

      // Off with the other 'started failing' alerts.
      await fixAndSend();
      setEnvironment({ LEADS_ALERT_FAILING: '0' });
      await stopAndPost('stopped-4@example.com');
      expect((await deliveryHealthReport()).email.status).toBe('failing');
      expect(alerts()).toHaveLength(2);
    } finally {
      await offAgain(chat, { LEADS_ALERT_FAILING: '1' });
    }
  });
});

describe('a mail server that does not offer STARTTLS', () => {
  it('never gets the password in clear text, and health says why nothing was sent', async () => {
    // 127.1 is this machine too, but not one of the loopback names that skip the rule.
    const elsewhere = catcher.url().replace('@127.0.0.1:', '@127.1:');
    const logins = catcher.logins.length;
    const before = catcher.accepted.length;
    setEnvironment({ SMTP_URL: elsewhere });
    try {
      const test = await sendTestEmail();
      expect(test).toMatchObject({ sent: true, ok: false });
      expect(test.sent && test.error).toMatch(/^No TLS: the mail server does not offer STARTTLS/);
    } finally {
      setEnvironment({ SMTP_URL: catcher.url() });
    }
    expect(catcher.logins.length).toBe(logins);
    expect(catcher.accepted.length).toBe(before);
    // The same server on a loopback name takes the password (nothing in between to strip TLS).
    expect(await sendTestEmail()).toMatchObject({ sent: true, ok: true });
    expect(catcher.logins.length).toBe(logins + 1);
  });
});

describe('a message the mail server refuses', () => {
  it('is failed at once: sending the same message again would get the same answer', async () => {
    catcher.decideWith((message) =>
      message.envelope.to.includes('refused@example.com') ? 'reject' : 'accept',
    );
    const id = await post('demo', 'refused@example.com');
    await waitForOutbox();
    const confirmation = (await leadJobs(id)).find((job) => job.channel === 'visitor_email')!;
    expect(confirmation).toMatchObject({ status: 'failed', attempts: 1 });
    expect(confirmation.history[0]!.reply).toMatch(/^550 /);
    expect((await deliveryHealthReport()).email.status).toBe('working'); // the server itself is fine
  });
});

describe('a mail server down for 10 minutes', () => {
  it('loses nothing on the default retry schedule: every email sent once, soon after it is back', async () => {
    const { db } = await getDatabase();
    const start = Date.parse('2032-03-01T09:00:00Z');
    const end = start + 10 * 60_000;
    let clock = start;
    const options = outboxOptions({ now: () => new Date(clock) });
    expect(options.schedule).toEqual(DEFAULT_RETRY_SCHEDULE_MS);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1)
      ids.push(await store(`outage-${i}@example.com`, new Date(start + i * 60_000)));
    await catcher.stop();
    let down = true;
    let sweeps = 0;
    for (; sweeps < 500; sweeps += 1) {
      const [due] = await db
        .select({ at: min(leadDeliveries.nextAttemptAt) })
        .from(leadDeliveries)
        .where(and(inArray(leadDeliveries.leadId, ids), eq(leadDeliveries.status, 'pending')));
      if (!due?.at) break;
      clock = Math.max(clock, Math.ceil(new Date(due.at).getTime() / 5_000) * 5_000);
      if (down && clock >= end) {
        await catcher.start();
        down = false;
      }
      await runOutboxOnce(options);
    }
    await waitForOutbox();
    const jobs = (await Promise.all(ids.map(leadJobs))).flat();
    const emails = jobs.filter((job) => job.channel !== 'webhook');
    expect(new Set(emails.map((job) => job.status))).toEqual(new Set(['delivered']));
    for (let i = 0; i < 10; i += 1) expect(delivered(`outage-${i}@example.com`)).toHaveLength(1);
    expect(catcher.accepted.filter((m) => ids.some((id) => m.raw.includes(id)))).toHaveLength(10);
    const last = Math.max(...emails.map((job) => job.deliveredAt!.getTime()));
    // The longest wait in the way: the schedule's 10 minutes (+20% jitter) after 8m40 s of
    // attempts.
    expect(last - end).toBeLessThanOrEqual(15 * 60_000);
    console.log(
      `[smtp outage] 10 min: ${emails.length} emails, last sent ${Math.round((last - end) / 1000)} s after the end, ${sweeps} sweeps`,
    );
  });
});

describe('a mail server down for more than a day', () => {
  it("sends the agency's email once it is back, but not the visitor's confirmation, a day too late", async () => {
    const start = Date.parse('2032-04-01T09:00:00Z');
    let clock = start;
    const options = outboxOptions({ now: () => new Date(clock) });
    const id = await store('a-day-late@example.com', new Date(start));
    await catcher.stop();
    try {
      await runOutboxOnce(options);
      await waitForOutbox();
    } finally {
      await catcher.start();
    }
    clock = start + 25 * 60 * 60_000;
    await runOutboxOnce(options);
    await waitForOutbox();
    const jobs = await leadJobs(id);
    expect(jobs.find((job) => job.channel === 'agency_email')?.status).toBe('delivered');
    expect(jobs.find((job) => job.channel === 'visitor_email')).toMatchObject({
      status: 'skipped',
      lastError: 'Not sent: a day has passed since the lead, too late for its confirmation',
    });
    expect(delivered('a-day-late@example.com')).toHaveLength(0);
  });
});

describe('the watchdog', () => {
  it('emails once when a webhook that worked starts failing, and once per lead it gives up on', async () => {
    const { db } = await getDatabase();
    let clock = Date.parse('2033-01-10T09:00:00Z');
    const options = outboxOptions({ now: () => new Date(clock), schedule: [1_000, 1_000] });
    const alertsAbout = (subject: string) =>
      delivered('ops@agency.example').filter((m) => m.parsed.subject?.includes(subject));
    const working = await store('works@example.com', new Date(clock), 'aria-signup');
    await runOutboxOnce(options);
    await waitForOutbox();
    expect(webhook.forLead(working)).toHaveLength(1);

    webhook.setDefault(503);
    const failing = [];
    for (let i = 0; i < 4; i += 1)
      failing.push(await store(`down-${i}@example.com`, new Date(clock), 'aria-signup'));
    for (let round = 0; round < 4; round += 1) {
      await runOutboxOnce(options);
      await waitForOutbox();
      clock += 1_500;
    }
    await runOutboxOnce(options); // the alerts written by the last round
    await waitForOutbox();
    webhook.setDefault(200);

    expect(alertsAbout('webhook stopped accepting leads')).toHaveLength(1);
    expect(alertsAbout('not delivered to your webhook')).toHaveLength(4);
    expect(alertsAbout('not delivered')[0]!.parsed.subject).toBe(
      'Lead not delivered to your webhook: Aria sign-up',
    );
    for (const id of failing) {
      const webhookJob = (await leadJobs(id)).find((job) => job.channel === 'webhook')!;
      expect(webhookJob).toMatchObject({ status: 'failed', attempts: 3 });
      // The alert belongs to the lead: it is listed on its page and goes when the lead is deleted.
      expect((await leadJobs(id)).filter((job) => job.channel === 'alert')).toHaveLength(1);
    }
    const health = await deliveryHealthReport();
    expect(health.webhook['aria-signup']).toMatchObject({ status: 'failing' });
    expect(health.webhook['aria-signup'].lastError).toMatch(/503/);
    expect(await failingPaths()).toContainEqual({
      path: 'webhook:aria-signup',
      since: health.webhook['aria-signup'].since,
      lastError: health.webhook['aria-signup'].lastError,
    });
    const [stored] = await db
      .execute(sql`SELECT count(*)::int AS n FROM lead_deliveries WHERE channel = 'alert'`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(stored!.n).toBe(5);
  });

  it('writes the digest once a day, however often it is asked', async () => {
    const morning = new Date('2034-06-01T07:30:00Z');
    const { db } = await getDatabase();
    expect(await writeDigestIfDue(db, morning)).toBe(false); // before LEADS_DIGEST_HOUR
    const later = new Date('2034-06-01T08:05:00Z');
    expect(await writeDigestIfDue(db, later)).toBe(true);
    // Another process (no memory of having written it) tries too: the dedupe key keeps it to one.
    (globalThis as { __digestWritten?: string }).__digestWritten = undefined;
    expect(await writeDigestIfDue(db, new Date('2034-06-01T17:00:00Z'))).toBe(true);
    expect(await writeDigestIfDue(db, new Date('2034-06-01T18:00:00Z'))).toBe(false);
    await runOutboxOnce(outboxOptions({ now: () => later }));
    await waitForOutbox();
    const digests = delivered('ops@agency.example').filter((m) =>
      m.parsed.subject?.startsWith('Leads digest for 2034-06-01'),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.parsed.text).toContain('Last email sent: ');
  });

  it("goes to the site's address when leads are emailed to nobody, and nowhere when alerts are off", async () => {
    const { db } = await getDatabase();
    const digestsOf = (day: string) =>
      catcher.accepted.filter((m) => m.parsed.subject?.startsWith(`Leads digest for ${day}`));
    try {
      // A site whose leads go only to its webhook still hears when that webhook breaks.
      setEnvironment({ LEADS_NOTIFY_TO: 'none', LEADS_ALERT_TO: '' });
      const day = new Date('2034-06-02T09:00:00Z');
      expect(await writeDigestIfDue(db, day)).toBe(true);
      await runOutboxOnce(outboxOptions({ now: () => day }));
      await waitForOutbox();
      expect(digestsOf('2034-06-02').map((m) => m.envelope.to)).toEqual([[siteConfig.email]]);

      setEnvironment({ LEADS_ALERT_TO: 'none' });
      const next = new Date('2034-06-03T09:00:00Z');
      await writeDigestIfDue(db, next);
      await runOutboxOnce(outboxOptions({ now: () => next }));
      await waitForOutbox();
      expect(digestsOf('2034-06-03')).toEqual([]);
    } finally {
      setEnvironment({
        LEADS_NOTIFY_TO: 'team@agency.example',
        LEADS_ALERT_TO: 'ops@agency.example',
      });
    }
  });
});

describe('the chat app stopping after it worked', () => {
  it('emails once when the chat app that worked starts failing, not per message', async () => {
    const chat = await startReceiver();
    setEnvironment({ LEADS_NOTIFY_CHAT_URL: `${chat.url}/services/T0/B0/leads` });
    try {
      await post('contact', 'chat-works@example.com');
      await waitForOutbox();
      expect((await deliveryHealthReport()).chat.status).toBe('working');

      chat.setDefault(500);
      for (let i = 0; i < 3; i += 1) await post('contact', `chat-down-${i}@example.com`);
      await waitForOutbox();
      await runOutboxOnce(); // the alert written when the path flipped
      await waitForOutbox();
      expect((await deliveryHealthReport()).chat.status).toBe('failing');
      expect(chatStoppedAlerts()).toHaveLength(1);
      expect(chatStoppedAlerts()[0]!.parsed.text).toMatch(
        /Messages about new leads to your chat app \(LEADS_NOTIFY_CHAT_URL\) have been failing since \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Last error: HTTP 500 from the chat app/,
      );
      expect(chatStoppedAlerts()[0]!.parsed.text).toContain(
        'You still get an email about each lead',
      );
      expect(chatStoppedAlerts()[0]!.parsed.text).not.toContain('chat-down-');
    } finally {
      await offAgain(chat);
    }
  });
});

describe('email and the chat app failing together', () => {
  it('are both named above every inbox page, as each can no longer alert on the other', async () => {
    const chat = await startReceiver();
    setEnvironment({ LEADS_NOTIFY_CHAT_URL: `${chat.url}/services/T0/B0/both` });
    const shared = async () =>
      (await failingPaths()).filter(({ path }) => path === 'email' || path === 'chat');
    try {
      await post('contact', 'both-work@example.com');
      await waitForOutbox();
      expect(await shared()).toEqual([]);

      catcher.requireAuth({ user: AUTH.user, pass: 'rotated-with-the-chat-app-gone' });
      catcher.dropConnections();
      chat.setDefault(404);
      await post('contact', 'both-down@example.com');
      await waitForOutbox();
      await runOutboxOnce(); // each path's alert, which the other cannot carry
      await waitForOutbox();
      const failing = await shared();
      expect(failing.map(({ path }) => path)).toEqual(['email', 'chat']);
      expect(failing[0]!.lastError).toMatch(/^Authentication failed/);
      expect(failing[1]!.lastError).toBe('HTTP 404 from the chat app');
      for (const { since } of failing) expect(since).toBeInstanceOf(Date);

      // A chat app no longer set up is no longer a failure to report.
      setEnvironment({ LEADS_NOTIFY_CHAT_URL: '' });
      expect((await shared()).map(({ path }) => path)).toEqual(['email']);

      catcher.requireAuth(AUTH);
      await sendNow();
      await waitForOutbox();
      expect(await shared()).toEqual([]);
    } finally {
      await offAgain(chat);
    }
  });
});

describe('a slow mail server with a backlog', () => {
  it('is not marked failing while messages wait for a connection, and sends each once', async () => {
    setEnvironment({ LEADS_WEBHOOK_TIMEOUT_MS: '1000' });
    try {
      await post('contact', 'slow-first@example.com');
      await waitForOutbox();
      expect((await deliveryHealthReport()).email.status).toBe('working');

      // Each message takes 600 ms: the site's five connections send about eight in the deadline.
      catcher.decideWith(() => new Promise((resolve) => setTimeout(() => resolve('accept'), 600)));
      const ids = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post('contact', `slow-${i}@example.com`)),
      );
      await waitForOutbox();
      const jobs = (await Promise.all(ids.map((id) => leadJobs(id)))).flat();
      const errors = jobs.flatMap((job) => job.history.map((attempt) => attempt.error));
      expect(errors).toContain(
        'Not sent yet: every connection to the mail server was busy with earlier messages; it is retried',
      );
      expect(errors.filter((error) => error?.startsWith('Timed out'))).toEqual([]);
      expect((await deliveryHealthReport()).email.status).toBe('working');

      catcher.decideWith(() => 'accept');
      await sendNow();
      await waitForOutbox();
      for (let i = 0; i < 10; i += 1) expect(delivered(`slow-${i}@example.com`)).toHaveLength(1);
      for (const id of ids)
        expect(
          delivered('team@agency.example').filter((message) => message.raw.includes(id)),
        ).toHaveLength(1);
    } finally {
      setEnvironment({ LEADS_WEBHOOK_TIMEOUT_MS: '15000' });
    }
  });
});

describe('a chat app asking for fewer messages (429)', () => {
  it('is not marked failing, and no alert says it stopped', async () => {
    const chat = await startReceiver();
    setEnvironment({ LEADS_NOTIFY_CHAT_URL: `${chat.url}/services/T0/B0/busy` });
    const before = chatStoppedAlerts().length;
    try {
      await post('contact', 'chat-ok@example.com');
      await waitForOutbox();
      expect((await deliveryHealthReport()).chat.status).toBe('working');

      chat.setDefault({ status: 429, headers: { 'Retry-After': '1' } });
      const id = await post('contact', 'chat-throttled@example.com');
      await waitForOutbox();
      await runOutboxOnce();
      await waitForOutbox();
      const chatJob = (await leadJobs(id)).find((job) => job.channel === 'chat')!;
      expect(chatJob.status).toBe('pending');
      expect(chatJob.lastError).toMatch(/^HTTP 429 from the chat app/);
      expect((await deliveryHealthReport()).chat.status).toBe('working');
      expect(chatStoppedAlerts()).toHaveLength(before);

      chat.setDefault(200);
      await sendNow();
      await waitForOutbox();
      expect((await leadJobs(id)).find((job) => job.channel === 'chat')!.status).toBe('delivered');
    } finally {
      await offAgain(chat);
    }
  });
});
