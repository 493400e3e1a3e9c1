import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { startReceiver, type Receiver } from '../integration/support/receiver';
import { E2E_ENV, LEAD_RECEIVER_PORT } from './support/servers';
import { routes } from '../../src/content/routes';
import { builtSite, expect, expectNoAxeViolations, test } from './support/fixtures';

/**
 * The agency's inbox in the production build, in Chromium: sign-in, the inbox, a lead's page and its
 * actions, the CSV download, deletion by email, the overview with its test event, the audit log, and
 * the operator commands run beside the running server on its embedded database. Serial: the tests
 * share one operator and the contact form's webhook stand-in (LEADS_WEBHOOK_URL_CONTACT).
 */
// Several tests send leads through the public form first (with its 2.5 s minimum fill time), so they get longer.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const OPERATOR = `inbox-${Date.now()}@agency.example`;
const PASSWORD = 'an operator passphrase';

/** `npm run leads -- <args>` against the running test server's embedded database; stdin is piped in. */
function leadsCommand(
  args: string[],
  stdin = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node',
      ['--conditions=react-server', '--import', 'tsx', 'scripts/leads.ts', ...args],
      {
        env: { ...process.env, ...E2E_ENV, LOG_LEVEL: 'warn' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function signIn(page: Page, password = PASSWORD) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(OPERATOR);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Sends a contact lead the way a visitor does, from a page with utm parameters; returns its email. */
async function sendContactLead(page: Page, email: string) {
  await page.goto('/contact-us?utm_source=spring-mailing&utm_medium=email');
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Parks');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 (555) 010-0100');
  await page.waitForTimeout(2600); // the spam check's minimum fill time
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you! Your message has been sent.' }),
  ).toBeVisible();
}

let receiver: Receiver;

test.beforeAll(async () => {
  receiver = await startReceiver({ port: LEAD_RECEIVER_PORT });
  const added = await leadsCommand(['add-operator', OPERATOR], `${PASSWORD}\n`);
  expect(added.stderr).toBe('');
  expect(added).toMatchObject({
    code: 0,
    stdout: `${OPERATOR} can now sign in at /admin/sign-in\n`,
  });
});

test.afterAll(async () => {
  await receiver.stop();
});

test.describe('signing in', () => {
  test('every inbox page sends a visitor without a session to the sign-in page, and back after', async ({
    page,
  }) => {
    for (const path of [
      '/admin',
      '/admin/overview',
      '/admin/deletion',
      '/admin/audit',
      '/admin/account',
      '/admin/leads/00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(
        new RegExp(`/admin/sign-in\\?next=${encodeURIComponent(path).replace(/[.?]/g, '\\$&')}$`),
      );
    }
    await page.getByLabel('Email').fill(OPERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/leads\/00000000-0000-4000-8000-000000000000$/);
    await expect(page.getByText('There is no lead with this id.')).toBeVisible();
  });

  test('a wrong password gets one message that does not say whether the account exists', async ({
    page,
  }) => {
    await page.goto('/admin/sign-in');
    await expectNoAxeViolations(page);
    for (const email of [OPERATOR, 'nobody@agency.example']) {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'Wrong email or password.',
      );
    }
    await expectNoAxeViolations(page);
  });

  test('repeated failures on one account are refused for a while, even with the right password', async ({
    page,
    request,
  }) => {
    const email = `locked-${Date.now()}@agency.example`;
    expect((await leadsCommand(['add-operator', email], `${PASSWORD}\n`)).code).toBe(0);
    for (let i = 0; i < 5; i += 1) {
      const response = await request.post('/api/admin/sign-in', {
        form: { email, password: `wrong ${i}` },
        headers: { accept: 'application/json' },
      });
      expect(response.status()).toBe(401);
    }
    const limited = await request.post('/api/admin/sign-in', {
      form: { email, password: PASSWORD },
      headers: { accept: 'application/json' },
    });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
    await page.goto('/admin/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
    );
  });

  test('signing out ends the session, here and on every other device', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage);
    await expect(otherPage).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page).toHaveURL(/\/admin\/sign-in\?signedOut=1$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'You are signed out on every device.',
    );
    await otherPage.goto('/admin/overview');
    await expect(otherPage).toHaveURL(/\/admin\/sign-in\?error=expired&next=%2Fadmin%2Foverview$/);
    await expect(otherPage.getByRole('main').getByRole('alert')).toHaveText(
      'Your session ended. Please sign in again.',
    );
    await other.close();
  });

  test('a session left unused past the idle limit (ADMIN_SESSION_IDLE_MINUTES=1 here) has ended', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await page.waitForTimeout(62_000);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/sign-in\?error=expired&next=%2Fadmin%2Faudit$/);
  });
});

test.describe('the inbox', () => {
  const email = `rosa-${Date.now()}@example.com`;

  test('a lead sent through the contact form is in the inbox within 2 s, with its attribution and delivery', async ({
    page,
    browser,
  }) => {
    const visitor = await browser.newContext();
    await sendContactLead(await visitor.newPage(), email);
    await visitor.close();
    const sentAt = Date.now();
    await signIn(page);
    await expect(
      page.getByRole('link', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ }).first(),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible({
      timeout: Math.max(100, 2000 - (Date.now() - sentAt)),
    });
    await expectNoAxeViolations(page);

    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('link')
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Parks' })).toBeVisible();
    const attribution = page
      .getByRole('region', { name: 'Where they came from' })
      .or(
        page.locator('section', {
          has: page.getByRole('heading', { name: 'Where they came from' }),
        }),
      );
    await expect(attribution).toContainText('spring-mailing');
    await expect(attribution).toContainText('/contact-us');
    await expect(
      page.locator('section', { has: page.getByRole('heading', { name: 'Delivery' }) }),
    ).toContainText('Delivered');
    await expectNoAxeViolations(page);
  });

  test('no lead or operator data on any public page or in any file the site serves', async ({
    request,
  }) => {
    const paths = [
      ...routes.map((route) => route.path),
      '/this-page-does-not-exist',
      '/sitemap.xml',
      '/robots.txt',
      ...builtSite().assets.map((asset) => asset.url),
    ];
    for (const path of paths) {
      const body = await (await request.get(path)).text();
      expect(body.includes(email), `${path} holds a lead's email`).toBe(false);
      expect(body.includes(OPERATOR), `${path} holds an operator's email`).toBe(false);
    }
    expect(paths.length).toBeGreaterThan(40);
  });

  test('filters and search narrow the list, and the count follows', async ({ page }) => {
    await signIn(page);
    await page.getByLabel('Search name, email, phone or company').fill(email.split('@')[0]!);
    await page.getByLabel('Form', { exact: true }).selectOption('contact');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/form=contact/);
    await expect(page.getByText('1 matching lead')).toBeVisible();
    await page.getByLabel('Form', { exact: true }).selectOption('demo');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('No leads match these filters.')).toBeVisible();
    // The phone matches with or without its punctuation.
    await page.goto(`/admin?q=${encodeURIComponent('555 010 0100')}`);
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    await page.goto('/admin?delivery=delivered&from=2000-01-01');
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    await page.goto('/admin?form=nope');
    await expect(page.getByRole('main').getByRole('alert')).toContainText("Unknown form 'nope'");
    await expectNoAxeViolations(page);
  });

  test('re-send reaches the receiver once more with the same Idempotency-Key; spam and not spam; delete', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('link')
      .click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    expect(receiver.forLead(id)).toHaveLength(1);

    await page.getByRole('button', { name: 'Re-send now' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Re-sent: the receiver accepted it.',
    );
    expect(receiver.forLead(id).map((r) => r.headers['idempotency-key'])).toEqual([id, id]);
    await expect(
      page.getByRole('table', { name: 'Every delivery attempt, oldest first' }).getByRole('row'),
    ).toHaveCount(3);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Mark as spam' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Marked as spam. It will not be delivered.',
    );
    await page.getByRole('button', { name: 'Not spam: deliver it' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Marked as not spam. Its delivery is queued.',
    );
    expect(receiver.forLead(id)).toHaveLength(3);

    await page.getByText('Delete this lead', { exact: true }).click();
    await page
      .getByRole('button', { name: 'Yes, delete this lead and its delivery history for good' })
      .click();
    await expect(page).toHaveURL(/\/admin\?notice=deleted$/);
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
      'The lead was deleted.',
    );
    await page.goto(`/admin/leads/${id}`);
    await expect(page.getByText('There is no lead with this id.')).toBeVisible();
  });

  test('the CSV download is the current filter, with the formula guard', async ({
    page,
    browser,
  }) => {
    const visitor = await browser.newContext();
    await sendContactLead(await visitor.newPage(), `=csv-${email}`);
    await visitor.close();
    await signIn(page);
    await page.goto(`/admin?q=${encodeURIComponent(`csv-${email}`)}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Response(
      (await file.createReadStream()) as unknown as ReadableStream,
    ).text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,form,status,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=csv-${email}`);
  });

  test('deletion by email removes every lead of the address and the audit log says how many, not whose', async ({
    page,
    browser,
  }) => {
    const person = `delete-me-${Date.now()}@example.com`;
    const visitor = await browser.newContext();
    await sendContactLead(await visitor.newPage(), person);
    await sendContactLead(await visitor.newPage(), person.toUpperCase());
    await visitor.close();
    await signIn(page);
    await page.getByRole('link', { name: 'Deletion requests' }).click();
    await expectNoAxeViolations(page);
    await page.getByLabel('Their email address').fill(person);
    await page.getByLabel('I have checked the address: delete every lead with it').check();
    await page.getByRole('button', { name: 'Delete their data' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      '2 leads with that address were deleted.',
    );
    await page.goto(`/admin?q=${encodeURIComponent(person)}`);
    await expect(page.getByText('No leads match these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Audit log' }).click();
    const entry = page.getByRole('row', { name: /Deleted a person’s leads by email/ }).first();
    await expect(entry).toContainText(OPERATOR);
    await expect(entry).toContainText('count: 2');
    await expect(page.locator('main')).not.toContainText(person);
    await expectNoAxeViolations(page);
  });

  test('the overview: the chart with its table, top sources, delivery health and the test event (200, then 500)', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('img', { name: /Leads per day, last 30 days/ })).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = page
      .getByRole('table', { name: /Leads per day by form/ })
      .getByRole('row', { name: new RegExp(`^${today}`) });
    await expect(todayRow).toBeVisible();
    await expect(page.getByRole('table', { name: /Where leads came from/ })).toContainText(
      'spring-mailing',
    );
    const health = page.getByRole('table', { name: /Per form: the webhook/ });
    await expect(health.getByRole('row', { name: /^Contact Configured/ })).toBeVisible();
    await expect(health.getByRole('row', { name: /^Demo request Not configured/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send test event: Contact' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      /^Test event to the Contact webhook: HTTP 200 in \d+ ms\.$/,
    );
    expect(receiver.received.at(-1)!.body).toMatchObject({ test: true, source: 'contact_us_page' });
    receiver.setDefault(500);
    await page.getByRole('button', { name: 'Send test event: Contact' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /^Test event to the Contact webhook failed: HTTP 500 \(non-2xx response\) \(\d+ ms\)\.$/,
    );
    receiver.setDefault(200);
    await expectNoAxeViolations(page);
  });

  test('every inbox page works at 320 px and from the keyboard, with no axe violation', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page);
    for (const path of [
      '/admin',
      '/admin/overview',
      '/admin/deletion',
      '/admin/audit',
      '/admin/account',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      // Wide tables scroll inside their own region; the page itself never scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(page);
    }
    // Keyboard: the skip link first, then the navigation.
    await page.goto('/admin');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Search name, email, phone or company')).toBeFocused();
  });

  test('changing the password from the account page', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/account');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel(/^New password \(at least 12 characters\)$/).fill('a second passphrase');
    await page.getByLabel('New password again').fill('a second passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password was changed. Your other sessions were signed out.',
    );
    await page.getByLabel('Current password').fill('a second passphrase');
    await page.getByLabel(/^New password \(at least 12 characters\)$/).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password was changed. Your other sessions were signed out.',
    );
  });
});

test.describe('the operator commands beside the running site (embedded database)', () => {
  test('list, export (complete through a pipe), delete --email and list-operators go through the site', async ({
    browser,
  }) => {
    const person = `cli-${Date.now()}@example.com`;
    const visitor = await browser.newContext();
    await sendContactLead(await visitor.newPage(), person);
    await visitor.close();

    const list = await leadsCommand(['list', '--form', 'contact', '--limit', '500']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(person);

    const exported = await leadsCommand(['export', '--csv']);
    expect(exported.code).toBe(0);
    const rows = exported.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^id,created_at,/);
    expect(rows.some((row) => row.includes(person))).toBe(true);
    expect(list.stdout).toMatch(/of (\d+) lead\(s\)/);

    const operators = await leadsCommand(['list-operators']);
    expect(operators.stdout).toContain(OPERATOR);

    const deleted = await leadsCommand(['delete', '--email', person]);
    expect(deleted).toMatchObject({ code: 0, stdout: '1 lead(s) deleted\n' });
    expect(
      (await leadsCommand(['list', '--form', 'contact', '--limit', '500'])).stdout,
    ).not.toContain(person);

    const bad = await leadsCommand(['list', '--status', 'nope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Error: Unknown status 'nope'/);
  });
});
