import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import {
  addOperator,
  apiLead,
  expectNoSidewaysScroll,
  flash,
  signedInPage,
  signIn,
} from './support/inbox';
import { deliveryNotice } from '../../src/content/admin';
import { startReceiver } from '../integration/support/receiver';
import { E2E_ENV, MAIL_PORT, NOTIFY_TO, SITE_URL, SMTP_AUTH } from './support/servers';

/**
 * Every lead reaches a person, seen from the outside: a real SMTP server on loopback (the mail
 * catcher, messages read back with mailparser) stands where SMTP_URL points. A growth audit sent
 * through its page brings the visitor the confirmation /thank-you promises and the agency its
 * email; a lead's page lists every job with its attempts and the mail server's replies; Send now on
 * a lead and on the inbox, with JavaScript and without; Send test email against a server that
 * accepts and one that refuses the password; email off on a server of its own, then Deliver skipped
 * once it is on; there too, Send test message to a chat app that accepts, then refuses, and the
 * notice above every inbox page while it does. Axe in each state. Serial: the tests share the
 * catcher (other files' leads send their emails to it too, so each test looks only at its own
 * recipients).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const run = Date.now().toString(36);
const operator = { email: `mail-${run}@agency.example`, password: 'a mail operator passphrase' };
const FROM = 'notify@example-agency.test';
let catcher: MailCatcher;

/** Messages the catcher accepted for one address. */
const acceptedFor = (address: string) =>
  catcher.accepted.filter((message) => message.envelope.to.includes(address));

/** The agency's email about one lead: the one whose inbox link is that lead's. */
const agencyEmailAbout = (id: string) =>
  acceptedFor(NOTIFY_TO).filter((message) => message.parsed.text?.includes(`/admin/leads/${id}`));

/** A job's block on a lead's page, by its name ('Confirmation to the visitor (x@example.com)'). */
const job = (page: Page, name: string) =>
  page.locator('div', { has: page.getByRole('heading', { level: 3, name, exact: true }) }).last();

/** The lead's page, reloaded until the job shows the status. */
async function untilJob(page: Page, id: string, name: string, status: string) {
  await expect(async () => {
    await page.goto(`/admin/leads/${id}`);
    await expect(job(page, name)).toContainText(`Status${status}`, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** A growth-audit lead whose confirmation the mail server refuses (550): failed for good. */
async function leadWithRefusedConfirmation(
  page: Page,
  request: Parameters<typeof apiLead>[0],
  visitor: string,
): Promise<string> {
  catcher.decideWith((message) => (message.envelope.to.includes(visitor) ? 'reject' : 'accept'));
  const id = await apiLead(request, { email: visitor, firstName: 'Noor' }, 'growth-audit');
  await untilJob(page, id, `Confirmation to the visitor (${visitor})`, 'Failed');
  catcher.decideWith(() => 'accept');
  return id;
}

test.beforeAll(async () => {
  catcher = await startMailCatcher({ port: MAIL_PORT, auth: SMTP_AUTH });
  await addOperator(operator);
});

test.afterAll(async () => {
  await catcher.stop();
});

test('a growth audit sent through its page: the visitor gets the confirmation /thank-you promises, the agency its email', async ({
  page,
}) => {
  const visitor = `blueprint-${run}@example.com`;
  await page.goto('/growth-audit');
  for (const [name, value] of Object.entries({
    firstName: 'Dana',
    lastName: 'Reyes',
    email: visitor,
    phone: '(555) 010-0142',
    website: 'dana-plumbing.com',
  }))
    await page.locator(`#growth-audit-form-${name}`).fill(value);
  await page.waitForTimeout(2600); // the spam check's minimum fill time
  await page
    .locator('#growth-audit-form')
    .getByRole('button', { name: 'Send My Free Blueprint' })
    .click();
  await expect(page).toHaveURL(/\/thank-you$/);
  const promised = page.getByRole('main');
  // Only what holds however the confirmation fares (email off, sent to that address today, the cap).
  await expect(promised).toContainText('will email it to you within 24 hours');
  await expect(promised).toContainText('If nothing from us arrives within a day, look in spam');
  await expect(promised).not.toContainText('confirmation');
  await expect(promised).toContainText(`Whitelist ${FROM} by adding it to your contacts`);

  await expect.poll(() => acceptedFor(visitor).length, { timeout: 10_000 }).toBe(1);
  const confirmation = acceptedFor(visitor)[0]!.parsed;
  expect(confirmation.subject).toBe('Your growth blueprint is on its way');
  expect(confirmation.from?.value[0]).toMatchObject({ name: 'Brightline AI', address: FROM });
  expect(confirmation.messageId).toMatch(/^<[0-9a-f-]{36}@www\.example-agency\.test>$/);
  const text = confirmation.text ?? '';
  expect(text).toContain('Hi Dana,');
  // What the page promised, in its words, and no more.
  expect(text).toContain('will email it to you within 24 hours');
  expect(text).toContain('our team will also contact you to walk you through it');
  expect(text).not.toContain('contact you within');
  expect(text).toContain(`Whitelist ${FROM} by adding it to your contacts`);
  expect(text).toContain('look in spam, junk or the promotions tab');
  // Its only links are the site's own.
  const links = [...(confirmation.html || '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${SITE_URL}/`), link).toBe(true);

  // The agency's email: to LEADS_NOTIFY_TO only, Reply-To the visitor, the fields, the inbox link.
  const agency = acceptedFor(NOTIFY_TO).find(
    (message) => message.parsed.replyTo?.value[0]?.address === visitor,
  );
  expect(agency, 'the agency email').toBeDefined();
  expect(agency!.envelope.to).toEqual([NOTIFY_TO]);
  expect(agency!.parsed.subject).toBe('New lead: Growth audit from Dana Reyes');
  const body = agency!.parsed.text ?? '';
  for (const value of [visitor, '(555) 010-0142', 'dana-plumbing.com', '/growth-audit'])
    expect(body).toContain(value);
  expect(body).toMatch(new RegExp(`${SITE_URL.replace(/\./g, '\\.')}/admin/leads/[0-9a-f-]{36}`));
});

test('a name typed without spaces: both emails, opened on a phone, wrap it instead of scrolling sideways, a long value across the width', async ({
  page,
  request,
}) => {
  const visitor = `long-name-${run}@example.com`;
  const id = await apiLead(
    request,
    {
      email: visitor,
      firstName: 'A'.repeat(40),
      lastName: 'B'.repeat(100),
      website: `example.com/${'x'.repeat(300)}`,
    },
    'growth-audit',
  );
  await expect.poll(() => acceptedFor(visitor).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => agencyEmailAbout(id).length, { timeout: 10_000 }).toBe(1);
  const confirmation = acceptedFor(visitor)[0]!.parsed;
  expect(confirmation.text).toContain(`Hi ${'A'.repeat(40)},`);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [label, html] of [
    ['the confirmation', confirmation.html],
    ["the agency's email", agencyEmailAbout(id)[0]!.parsed.html],
  ] as const) {
    expect(html, label).toBeTruthy();
    await page.setContent(html || '');
    await expectNoSidewaysScroll(page, label);
  }
  // A long value takes the message's whole width below its label, not a narrow column beside it.
  const website = page.locator('td:not(:has(table))', { hasText: 'x'.repeat(300) });
  const table = page.locator('table:not(:has(table))', { has: website });
  const [cell, whole] = await Promise.all([website.boundingBox(), table.boundingBox()]);
  expect(cell!.width).toBeGreaterThan(whole!.width * 0.95);
});

test("a lead's page lists every job, the emails' attempts with the mail server's reply beside the webhook's", async ({
  page,
  request,
}) => {
  const visitor = `jobs-${run}@example.com`;
  const id = await apiLead(request, { email: visitor });
  await expect.poll(() => acceptedFor(visitor).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => agencyEmailAbout(id).length, { timeout: 10_000 }).toBe(1);
  await signIn(page, operator);
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await untilJob(page, id, `Confirmation to the visitor (${visitor})`, 'Delivered');
    for (const name of [
      `Email to the agency (${NOTIFY_TO})`,
      `Confirmation to the visitor (${visitor})`,
    ]) {
      await expect(job(page, name)).toContainText('Attempts1');
      await expect(
        page
          .getByRole('table', { name: `${name}: every attempt, oldest first` })
          .getByRole('row', { name: /^1 \S+ \S+ 250 Ok: queued as \d+ \d+$/ }),
      ).toBeVisible();
    }
    // The webhook's job beside them (another test's receiver: delivered, or refused and retried).
    await expect(
      page.getByRole('heading', { level: 3, name: 'Webhook', exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Webhook: every attempt, oldest first' }).getByRole('row'),
    ).not.toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Chat message' })).toHaveCount(0);
    await expectNoSidewaysScroll(page, `lead page at ${width} px`);
    await expectNoAxeViolations(page);
  }
});

for (const javaScript of [true, false]) {
  test(`Send now on a lead's page ${javaScript ? 'with' : 'without'} JavaScript sends its failed confirmation, keeping the attempt count`, async ({
    page,
    browser,
    request,
  }) => {
    const visitor = `lead-send-${javaScript ? 'js' : 'plain'}-${run}@example.com`;
    const tab = await signedInPage(page, browser, operator, javaScript);
    const id = await leadWithRefusedConfirmation(tab, request, visitor);
    const name = `Confirmation to the visitor (${visitor})`;
    await expect(job(tab, name)).toContainText('The mail server refused the message (550)');
    // Growth audits have no webhook here: nothing to re-send to, so no button offers it.
    await expect(tab.getByRole('button', { name: 'Re-send to the webhook' })).toHaveCount(0);
    if (javaScript) await expectNoAxeViolations(tab);
    expect(acceptedFor(visitor)).toHaveLength(0);

    await tab.getByRole('button', { name: 'Send now', exact: true }).click();
    await flash(tab, 'Sent now: 1 attempted, 1 delivered, 0 waiting for a retry, 0 failed.');
    expect(acceptedFor(visitor)).toHaveLength(1);
    await expect(job(tab, name)).toContainText('StatusDelivered');
    await expect(job(tab, name)).toContainText('Attempts2');
    const attempts = tab.getByRole('table', { name: `${name}: every attempt, oldest first` });
    await expect(attempts.getByRole('row', { name: /^1 .* 550 / })).toBeVisible();
    await expect(attempts.getByRole('row', { name: /^2 .* 250 Ok/ })).toBeVisible();
    // Nothing is left to send, so the button is gone.
    await expect(tab.getByRole('button', { name: 'Send now', exact: true })).toHaveCount(0);
    if (javaScript) await expectNoAxeViolations(tab);

    await tab.goto('/admin/audit');
    const entry = tab.getByRole('row', {
      name: new RegExp(`Sent pending and failed deliveries now.*${id}`),
    });
    await expect(entry).toContainText(operator.email);
    for (const figure of ['attempted: 1', 'delivered: 1', 'failed: 0', 'waiting: 0'])
      await expect(entry).toContainText(figure);
    if (!javaScript) await tab.context().close();
  });

  test(`Send now on the inbox ${javaScript ? 'with' : 'without'} JavaScript sends a form's pending and failed deliveries`, async ({
    page,
    browser,
    request,
  }) => {
    const visitor = `inbox-send-${javaScript ? 'js' : 'plain'}-${run}@example.com`;
    const tab = await signedInPage(page, browser, operator, javaScript);
    await leadWithRefusedConfirmation(tab, request, visitor);

    await tab.goto('/admin');
    await expect(tab.getByRole('region', { name: 'Deliveries' })).toContainText(
      'each keeping its attempt count',
    );
    await tab.locator('#send-now-form').selectOption('growth-audit');
    await tab.getByRole('button', { name: 'Send now', exact: true }).click();
    await flash(
      tab,
      /^Sent now: [1-9]\d* attempted, [1-9]\d* delivered, \d+ waiting for a retry, \d+ failed\.$/,
    );
    expect(acceptedFor(visitor)).toHaveLength(1);
    if (javaScript) await expectNoAxeViolations(tab);
    // Again: nothing of that form is pending or failed any more.
    await tab.locator('#send-now-form').selectOption('growth-audit');
    await tab.getByRole('button', { name: 'Send now', exact: true }).click();
    await flash(tab, /^(Nothing was pending or failed, so nothing was sent\.|Sent now: .*)$/);
    expect(acceptedFor(visitor)).toHaveLength(1);
    if (!javaScript) await tab.context().close();
  });
}

test("Send test email: the mail server's answer, then a refused password in the result and in delivery health", async ({
  page,
}) => {
  await signIn(page, operator);
  await page.goto('/admin/overview');
  const emailHealth = page.locator('dl', { hasText: 'Mail server (SMTP_URL)' });
  await expect(
    page.getByText(`Sends one message to ${NOTIFY_TO} through the mail server`),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const before = acceptedFor(NOTIFY_TO).length;
  await page.getByRole('button', { name: 'Send test email' }).click();
  await flash(
    page,
    new RegExp(
      `^Test email sent to ${NOTIFY_TO} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(UTC\\): the mail server answered 250 Ok: queued as \\d+ in \\d+ ms\\.$`,
    ),
  );
  const test = acceptedFor(NOTIFY_TO).slice(before);
  expect(test.map((message) => message.parsed.subject)).toContain(
    'Test email from the Brightline AI website',
  );
  await expect(emailHealth).toContainText(/Working since \d{4}-\d\d-\d\d \d\d:\d\d/);
  await expectNoAxeViolations(page);

  // The provider rotated the password: every new connection is refused (535). The catcher keeps
  // listening, so other tests' leads retrying meanwhile meet the same refusal, not a closed port.
  catcher.requireAuth({ user: SMTP_AUTH.user, pass: 'rotated-at-the-provider' });
  catcher.dropConnections();
  const refused =
    'Authentication failed: the mail server refused the user name or password in SMTP_URL (535)';
  try {
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      new RegExp(
        `^Test email to ${NOTIFY_TO} failed at \\d{4}-[\\d: -]+ \\(UTC\\): ${refused.replace(/[()]/g, '\\$&')} \\(\\d+ ms\\)\\.$`,
      ),
    );
    await expect(emailHealth).toContainText(/Failing since \d{4}-\d\d-\d\d \d\d:\d\d/);
    await expect(emailHealth).toContainText(refused);
    for (const form of ['Growth audit', 'Contact'])
      await expect(
        page
          .getByRole('table', { name: `${form}: delivery health by channel` })
          .getByRole('row', { name: /^Email / }),
      ).toContainText(refused);
    // The password itself appears nowhere on the page.
    expect(await page.content()).not.toContain(SMTP_AUTH.pass);
    await expectNoAxeViolations(page);
  } finally {
    // No connection needs dropping: every one opened meanwhile failed its login and closed. One
    // dropped here could cut another test's message short, a newer error than the one asserted.
    catcher.requireAuth(SMTP_AUTH);
  }
  await page.getByRole('button', { name: 'Send test email' }).click();
  await flash(page, /^Test email sent to /);
  await expect(emailHealth).toContainText(/Working since/);
  await expect(emailHealth).toContainText(refused); // the last error stays on record

  await page.goto('/admin/audit');
  await expect(
    page.getByRole('row', { name: /Sent a test email.*ok: false/ }).first(),
  ).toContainText(operator.email);
});

test.describe('a server of its own: email and the chat app off, then on', () => {
  const port = 3181;
  const base = `http://127.0.0.1:${port}`;
  let root = '';
  let server: ChildProcess | null = null;
  const env: Record<string, string> = {
    ...E2E_ENV,
    SMTP_URL: '',
    // No webhook either: the overview then offers no test event, and does not speak of one.
    LEADS_WEBHOOK_URL_CONTACT: '',
    ADMIN_SESSION_IDLE_MINUTES: '60',
  };

  async function startServer(overrides: Record<string, string>) {
    server = spawn(
      process.execPath,
      ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
      {
        env: { ...process.env, ...env, ...overrides, NEXT_TELEMETRY_DISABLED: '1' },
        stdio: 'ignore',
      },
    );
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {}
      if (i > 300) throw new Error('the second server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function stopServer() {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGTERM');
    await new Promise((resolve) => running.once('exit', resolve));
  }

  test.beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'e2e-email-off-'));
    env.LEADS_DATA_DIR = path.join(root, 'db');
    await startServer({});
    await addOperator(operator, env);
  });

  test.afterAll(async () => {
    await stopServer();
    rmSync(root, { recursive: true, force: true });
  });

  test('the overview says email is off with the how-to; once SMTP_URL is set, Deliver skipped sends the stored emails', async ({
    page,
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: base });
    const visitor = `skipped-${run}@example.com`;
    const id = await apiLead(api, { email: visitor, firstName: 'Omar' }, 'growth-audit');
    await signIn(page, operator, base);
    await page.goto(`${base}/admin/overview`);
    const emailHealth = page.locator('dl', { hasText: 'Mail server (SMTP_URL)' });
    await expect(emailHealth).toContainText(
      'Email is off: set SMTP_URL (for example smtps://user:password@smtp.example.com:465) and restart.',
    );
    await expect(page.getByRole('button', { name: 'Send test email' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Send test event/ })).toHaveCount(0);
    await expect(page.getByText('A test event is marked test: true')).toHaveCount(0);
    await expect(
      page.locator('dl', { hasText: 'Incoming webhook (LEADS_NOTIFY_CHAT_URL)' }),
    ).toContainText(
      'No chat app: set LEADS_NOTIFY_CHAT_URL to a Slack-compatible incoming webhook.',
    );
    await expect(page.getByRole('button', { name: 'Send test message' })).toHaveCount(0);
    // Nothing can deliver the skipped emails yet.
    await expect(page.getByRole('button', { name: 'Deliver skipped: Growth audit' })).toHaveCount(
      0,
    );
    await expectNoAxeViolations(page);
    await page.goto(`${base}/admin/leads/${id}`);
    await expect(job(page, `Confirmation to the visitor (${visitor})`)).toContainText(
      'StatusSkipped',
    );
    await expect(job(page, `Email to the agency (${NOTIFY_TO})`)).toContainText(
      'Email is off: set SMTP_URL',
    );
    await expectNoAxeViolations(page);

    await stopServer();
    await startServer({ SMTP_URL: E2E_ENV.SMTP_URL });
    await page.goto(`${base}/admin/overview`);
    await expect(emailHealth).toContainText('Not tried yet');
    await page.getByRole('button', { name: 'Deliver skipped: Growth audit' }).click();
    await flash(page, /^[1-9]\d* skipped deliveries queued: they go out within seconds\.$/);
    await expectNoAxeViolations(page);
    // A path that is off is not failing: nothing above the page says so.
    await expect(page.getByRole('region', { name: deliveryNotice.heading })).toHaveCount(0);
    await expect.poll(() => acceptedFor(visitor).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => agencyEmailAbout(id).length, { timeout: 20_000 }).toBe(1);
    expect(acceptedFor(visitor)[0]!.parsed.text).toContain('Hi Omar,');
    // Pressed again from the inbox, with everything sent: it says there is nothing to queue.
    await page.goto(`${base}/admin`);
    await page.locator('#deliver-skipped-form').selectOption('growth-audit');
    await page.getByRole('button', { name: 'Deliver skipped' }).click();
    await flash(page, /^Nothing to queue: no skipped delivery can go out/);
    await page.goto(`${base}/admin/audit`);
    await expect(
      page.getByRole('row', { name: /Queued skipped deliveries/ }).first(),
    ).toContainText('growth-audit');
    await api.dispose();
  });

  test("Send test message: the chat app's answer, then its refusal, in the result and in delivery health", async ({
    page,
  }) => {
    const chatApp = await startReceiver();
    try {
      await stopServer();
      await startServer({ LEADS_NOTIFY_CHAT_URL: `${chatApp.url}/services/T0/B0/e2e` });
      await signIn(page, operator, base);
      await page.goto(`${base}/admin/overview`);
      const chatHealth = page.locator('dl', {
        hasText: 'Incoming webhook (LEADS_NOTIFY_CHAT_URL)',
      });
      await expect(chatHealth).toContainText('Not tried yet');
      await expect(page.getByText('Posts one message to the chat app')).toBeVisible();

      await page.getByRole('button', { name: 'Send test message' }).click();
      await flash(page, /^Test message sent to the chat app: HTTP 200 in \d+ ms\.$/);
      expect(chatApp.received.map((request) => request.body)).toEqual([
        {
          text: `Test message from the Brightline AI website: each new lead will be announced here, with a link to it in the inbox (${SITE_URL}/admin).`,
        },
      ]);
      await expect(chatHealth).toContainText(/Working since \d{4}-\d\d-\d\d \d\d:\d\d/);
      await expectNoAxeViolations(page);

      // The app was removed from the workspace: its webhook now answers 404.
      chatApp.setDefault(404);
      await page.getByRole('button', { name: 'Send test message' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        /^Test message to the chat app failed: HTTP 404 from the chat app \(\d+ ms\)\.$/,
      );
      await expect(chatHealth).toContainText(/Failing since \d{4}-\d\d-\d\d \d\d:\d\d/);
      await expect(chatHealth).toContainText('HTTP 404 from the chat app');
      await expectNoAxeViolations(page);

      // Every inbox page says so until it works again, with the way to delivery health.
      await page.goto(`${base}/admin`);
      const notice = page.getByRole('region', { name: deliveryNotice.heading });
      await expect(notice.getByRole('listitem')).toHaveText([
        /^Chat app: failing since \d{4}-\d\d-\d\d \d\d:\d\d UTC\. HTTP 404 from the chat app\.$/,
      ]);
      await expectNoAxeViolations(page);
      await notice.getByRole('link', { name: deliveryNotice.link }).click();
      await expect(page).toHaveURL(`${base}/admin/overview#health-heading`);
      chatApp.setDefault(200);
      await page.getByRole('button', { name: 'Send test message' }).click();
      await flash(page, /^Test message sent to the chat app/);
      await expect(notice).toHaveCount(0);

      await page.goto(`${base}/admin/audit`);
      await expect(
        page.getByRole('row', { name: /Sent a test chat message.*ok: false/ }).first(),
      ).toContainText(operator.email);
    } finally {
      await chatApp.stop();
    }
  });
});
