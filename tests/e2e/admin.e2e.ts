import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startReceiver, type Receiver } from '../integration/support/receiver';
import testEnv from './support/test-env.json' with { type: 'json' };
import { E2E_ENV, LEAD_RECEIVER_PORT } from './support/servers';
import { deliveryNotice, overviewCopy } from '../../src/content/admin';
import { routes } from '../../src/content/routes';
import { builtSite, expect, expectNoAxeViolations, test } from './support/fixtures';
import {
  addOperator,
  apiLead,
  expectNoSidewaysScroll,
  flash,
  leadsCommand,
  sendSignIn,
  signedInPage,
  signIn as signInAs,
} from './support/inbox';

/**
 * The agency's inbox in the production build, in Chromium, with JavaScript and without: sign-in and
 * its limits, the inbox (filters, unopened leads, bulk changes), a lead's page (status, notes,
 * re-send, spam, delete), the CSV download, deletion by email, the overview with its results, the
 * webhook's health and test event, the audit log, 320 px and the keyboard, axe in every state; the
 * operator commands beside the running server; and retention on a server of its own with short
 * periods. Serial: the tests share one operator and the contact form's webhook stand-in
 * (LEADS_WEBHOOK_URL_CONTACT).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const OPERATOR = `inbox-${Date.now()}@agency.example`;
const PASSWORD = 'an operator passphrase';
const run = Date.now().toString(36);

const operator = { email: OPERATOR, password: PASSWORD };
const signIn = (page: Page) => signInAs(page, operator);

/** Sends a contact lead the way a visitor does, from a page with utm parameters. */
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
  await addOperator(operator);
});

test.afterAll(async () => {
  await receiver.stop();
});

test.describe('signing in', () => {
  test('every inbox page sends a visitor without a session to the sign-in page, and back after', async ({
    page,
  }) => {
    for (const pathname of [
      '/admin',
      '/admin/overview',
      '/admin/deletion',
      '/admin/audit',
      '/admin/account',
      '/admin/leads/00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(pathname);
      await expect(page).toHaveURL(
        new RegExp(
          `/admin/sign-in\\?next=${encodeURIComponent(pathname).replace(/[.?]/g, '\\$&')}$`,
        ),
      );
    }
    await page.getByLabel('Email').fill(OPERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/leads\/00000000-0000-4000-8000-000000000000$/);
    await expect(page.getByText('There is no lead with this id.')).toBeVisible();
  });

  test('a wrong password gets one message that does not say whether the account exists, with JavaScript and without', async ({
    page,
    browser,
  }) => {
    const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    for (const each of [page, plain]) {
      await each.goto('/admin/sign-in');
      for (const email of [OPERATOR, 'nobody@agency.example']) {
        await sendSignIn(each, email, 'not the password');
        await expect(each.getByRole('main').getByRole('alert')).toHaveText(
          'Wrong email or password.',
        );
        // Only the password is typed again.
        await expect(each.getByLabel('Email')).toHaveValue(email);
        await expect(each.getByLabel('Password')).toHaveValue('');
        // Both fields are marked, and described by the message.
        for (const field of [each.getByLabel('Email'), each.getByLabel('Password')]) {
          await expect(field).toHaveAttribute('aria-invalid', 'true');
          await expect(field).toHaveAccessibleDescription('Wrong email or password.');
        }
      }
    }
    await expectNoAxeViolations(page);
    await plain.context().close();
  });

  test('repeated failures on one account are refused for a while, even with the right password', async ({
    page,
  }) => {
    const email = `locked-${run}@agency.example`;
    expect((await leadsCommand(['add-operator', email], `${PASSWORD}\n`)).code).toBe(0);
    await page.goto('/admin/sign-in');
    for (let i = 0; i < 5; i += 1) {
      await sendSignIn(page, email, `wrong password ${i}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'Wrong email or password.',
      );
    }
    await sendSignIn(page, email, PASSWORD);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /^Too many failed password checks\. Try again in 1[45] minutes\.$/,
    );
    await expectNoAxeViolations(page);
    // A crafted address cannot put a message, or a number, on the page.
    await page.goto('/admin/sign-in?error=rate_limited&retryAfter=1e308');
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
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
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'You are signed out on every device.',
    );
    await expectNoAxeViolations(page);
    await otherPage.goto('/admin/overview');
    await expect(otherPage).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Foverview$/);
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
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faudit$/);
  });
});

test.describe('the inbox', () => {
  const email = `rosa-${run}@example.com`;

  test('a lead sent through the contact form is in the inbox within 2 s, unopened, with its attribution and delivery', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const visitor = await browser.newContext();
    await sendContactLead(await visitor.newPage(), email);
    const sentAt = Date.now();
    await visitor.close();
    await page.goto('/admin');
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toBeVisible({ timeout: Math.max(100, 2000 - (Date.now() - sentAt)) });
    await expect(row).toContainText('Unopened');
    await expect(page.getByRole('link', { name: /^Inbox \d[\d,]*\+? unopened$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: 'Rosa Parks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Parks' })).toBeVisible();
    // Its tab says when and through which form, not who (tab titles end up in the history).
    await expect(page).toHaveTitle(/^Contact lead of \d{4}-\d\d-\d\d \d\d:\d\d\b/);
    expect(await page.title()).not.toContain('Rosa');
    const attribution = page.locator('section', {
      has: page.getByRole('heading', { name: 'Where they came from' }),
    });
    await expect(attribution).toContainText('spring-mailing');
    await expect(attribution).toContainText('/contact-us');
    await expect(
      page
        .getByRole('table', { name: 'Webhook: every attempt, oldest first' })
        .getByRole('row', { name: /^1 .* 200 / }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // Opened: no longer marked.
    await page.goto('/admin');
    await expect(page.getByRole('row', { name: new RegExp(email) })).not.toContainText('Unopened');
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
    for (const pathname of paths) {
      const body = await (await request.get(pathname)).text();
      expect(body.includes(email), `${pathname} holds a lead's email`).toBe(false);
      expect(body.includes(OPERATOR), `${pathname} holds an operator's email`).toBe(false);
    }
    expect(paths.length).toBeGreaterThan(40);
  });

  test('filters, search and paging live in the address, and the count follows', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByLabel('Search name, email, phone or company').fill(email.split('@')[0]!);
    await page.getByLabel('Form', { exact: true }).selectOption('contact');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/form=contact/);
    await expect(page.getByText('1 matching lead')).toBeVisible();
    // The delivery queue's buttons start at the form the list is filtered to.
    for (const picker of ['#send-now-form', '#deliver-skipped-form'])
      await expect(page.locator(picker)).toHaveValue('contact');
    await page.getByLabel('Status', { exact: true }).selectOption('won');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/stage=won/);
    await expect(page.getByText('No leads match these filters.')).toBeVisible();
    await expectNoAxeViolations(page);
    // The phone matches with or without its punctuation.
    await page.goto(`/admin?q=${encodeURIComponent('555 010 0100')}`);
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    await page.goto('/admin?delivery=delivered&from=2000-01-01&status=accepted&stage=new');
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
    // The field a problem is about is invalid and described by it, where a screen reader reads it,
    // and the page opens on the first such field, so its problem is read out.
    for (const [address, field, problem, focused] of [
      ['/admin?form=nope', '#filter-form', "Unknown form 'nope'", '#filter-form'],
      [
        '/admin?from=0000-01-01',
        '#filter-from',
        "'from' must be between 1970-01-01 and 9999-12-31",
        '#filter-from',
      ],
      [
        '/admin?from=2026-02-02&to=2026-02-01',
        '#filter-to',
        "'from' is after 'to'",
        '#filter-from',
      ],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(problem);
      await expect(page.locator(field)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(field)).toHaveAccessibleDescription(new RegExp(`^${problem}`));
      await expect(page.locator(focused)).toBeFocused();
    }
    await expect(page.locator('#filter-q')).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(page);
    await page.goto('/admin?page=184467440737095516');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  });

  for (const javaScript of [true, false]) {
    test(`a lead's status and notes ${javaScript ? 'with' : 'without'} JavaScript, each in the audit log`, async ({
      page,
      browser,
      request,
    }) => {
      const who = `work-${javaScript ? 'js' : 'plain'}-${run}@example.com`;
      const id = await apiLead(request, { email: who, lastName: 'Worker' });
      const tab = await signedInPage(page, browser, operator, javaScript);
      await tab.goto(`/admin/leads/${id}`);
      await expect(tab.getByText('Not yet: the time from arrival')).toBeVisible();
      // The visitor's fields in their form's order (the database keeps none).
      await expect(tab.getByRole('region', { name: 'What they sent' }).locator('dt')).toHaveText([
        'First name',
        'Last name',
        'Email',
        'Message',
      ]);
      await tab.getByLabel('Status', { exact: true }).selectOption('contacted');
      await tab.getByRole('button', { name: 'Save status' }).click();
      await flash(tab, 'Status saved: Contacted.');
      await expect(tab.getByText(/^\d+ (s|min) after it arrived$/)).toBeVisible();
      await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('contacted');
      if (javaScript) await expectNoAxeViolations(tab);
      // Another tab (another operator) changes it meanwhile: this page's choice does not overwrite it.
      const other = await tab.context().newPage();
      await other.goto(`/admin/leads/${id}`);
      await other.getByLabel('Status', { exact: true }).selectOption('qualified');
      await other.getByRole('button', { name: 'Save status' }).click();
      await flash(other, 'Status saved: Qualified.');
      await other.close();
      // A note typed before Save status is saved with it, even when the status is not.
      if (javaScript) await noteBoxHydrated(tab);
      await tab.getByLabel('Note', { exact: true }).fill('Left a voicemail.');
      await tab.getByLabel('Status', { exact: true }).selectOption('lost');
      await tab.getByRole('button', { name: 'Save status' }).click();
      await expect(tab.getByRole('main').getByRole('alert')).toHaveText(
        'Your note was added, but someone changed the status to Qualified while this page was open, so yours (Lost) was not saved. Choose again if it should still change.',
      );
      await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('qualified');
      // The field the message is about says so, and is described by it.
      await expect(tab.getByLabel('Status', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(tab.getByLabel('Status', { exact: true })).toHaveAccessibleDescription(
        /^Your note was added, but someone changed the status to Qualified/,
      );
      await expect(tab.getByRole('listitem').filter({ hasText: 'Left a voicemail.' })).toHaveCount(
        1,
      );
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
      if (javaScript) await expectNoAxeViolations(tab);
      // Stored trimmed: the box's kept draft counts as saved all the same.
      await tab
        .getByLabel('Note', { exact: true })
        .fill('  Called back; wants a demo on Tuesday.\n');
      await tab.getByRole('button', { name: 'Add note' }).click();
      await flash(tab, 'Note added.');
      const notes = tab.getByRole('listitem').filter({ hasText: 'wants a demo on Tuesday' });
      await expect(notes).toContainText(`${OPERATOR}, `);
      // The flash is shown once: the next page load no longer has it.
      await tab.reload();
      await expect(tab.getByText('Note added.')).toHaveCount(0);
      if (javaScript) await noteBoxHydrated(tab);
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
      await expect(tab.getByText('Your note was not saved yet')).toBeHidden();
      if (javaScript) await expectNoAxeViolations(tab);
      // A note at the box's limit is saved whole, though each line break is posted as CRLF,
      // which the box counts as one character.
      const long = Array.from({ length: 10 }, (_, i) => `Line ${i}: `.padEnd(i ? 199 : 200, 'x'));
      expect(long.join('\n')).toHaveLength(2000);
      await tab.getByLabel('Note', { exact: true }).fill(long.join('\n'));
      // With JavaScript a double click sends it once, and the message below takes the focus:
      // the button pressed is far below it.
      if (javaScript) await tab.getByRole('button', { name: 'Add note' }).dblclick();
      else await tab.getByRole('button', { name: 'Add note' }).click();
      await flash(tab, 'Note added.');
      if (javaScript) await expect(tab.getByRole('main').getByRole('status')).toBeFocused();
      await expect(tab.getByRole('listitem').filter({ hasText: 'Line 9: ' })).toHaveCount(1);
      // Either button saves both fields: a status chosen before Add note is not lost either.
      await tab.getByLabel('Status', { exact: true }).selectOption('won');
      await tab.getByLabel('Note', { exact: true }).fill('Signed for the voice agent.');
      await tab.getByRole('button', { name: 'Add note' }).click();
      await flash(tab, 'Status saved: Won. Note added.');
      await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('won');
      await expect(
        tab.getByRole('listitem').filter({ hasText: 'Signed for the voice agent.' }),
      ).toHaveCount(1);
      await tab.goto('/admin/audit');
      const change = tab.getByRole('row', { name: new RegExp(`Changed a lead’s status.*${id}`) });
      await expect(change).toHaveCount(3);
      await expect(change.last()).toContainText(OPERATOR);
      await expect(change.last()).toContainText('from New to Contacted');
      await expect(change.nth(1)).toContainText('from Contacted to Qualified');
      await expect(change.first()).toContainText('from Qualified to Won');
      // Named as the inbox names it, and a link to it.
      await expect(change.first().getByRole('link')).toHaveText('Ada Worker');
      await expect(change.first().getByRole('link')).toHaveAttribute('href', `/admin/leads/${id}`);
      await expect(tab.getByRole('row', { name: new RegExp(`Added a note.*${id}`) })).toHaveCount(
        4,
      );
      await expect(tab.locator('main')).not.toContainText('wants a demo');
      if (!javaScript) await tab.context().close();
    });

    test(`bulk changes on selected rows ${javaScript ? 'with' : 'without'} JavaScript`, async ({
      page,
      browser,
      request,
    }) => {
      // Not built from `run`: the search is fuzzy, and other tests' addresses hold `run` too.
      const tag = `bulk${javaScript ? 'js' : 'plain'}${Math.random().toString(36).slice(2, 10)}`;
      const ids = [];
      for (let i = 0; i < 3; i += 1)
        ids.push(await apiLead(request, { email: `${tag}-${i}@example.com`, lastName: tag }));
      const tab = await signedInPage(page, browser, operator, javaScript);
      await tab.goto(`/admin?q=${tag}`);
      await expect(tab.getByText('3 matching leads')).toBeVisible();
      const setFirstTwo = async (status: string) => {
        for (const i of [0, 1])
          await tab
            .getByRole('row', { name: new RegExp(`${tag}-${i}@`) })
            .getByRole('checkbox')
            .check();
        await tab.getByLabel('Set their status to').selectOption(status);
        await tab.getByRole('button', { name: 'Set status' }).click();
      };
      await setFirstTwo('qualified');
      await flash(tab, 'Status set to Qualified for 2 of the selected leads.');
      // Back on the same filtered view, its address kept.
      await expect(tab).toHaveURL(new RegExp(`/admin\\?q=${tag}$`));
      await expect(tab.getByRole('row', { name: new RegExp(`${tag}-0@`) })).toContainText(
        'Qualified',
      );
      await expect(tab.getByRole('row', { name: new RegExp(`${tag}-2@`) })).toContainText('New');
      // The same again changes nothing, and says so rather than '0 of the selected leads'.
      await setFirstTwo('qualified');
      await flash(tab, 'The selected leads already had the status Qualified: nothing changed.');
      if (javaScript) await expectNoAxeViolations(tab);
      await tab
        .getByRole('row', { name: new RegExp(`${tag}-2@`) })
        .getByRole('checkbox')
        .check();
      await tab.getByRole('button', { name: 'Mark as spam' }).click();
      await flash(tab, 'Marked as spam: 1 of the selected leads.');
      await expect(tab.getByRole('row', { name: new RegExp(`${tag}-2@`) })).toContainText('Spam');
      // Every row of the page ticked by a link, so it works without JavaScript too.
      await tab.getByRole('link', { name: 'Tick all 3 on this page' }).click();
      await expect(tab.getByRole('main').getByRole('checkbox', { checked: true })).toHaveCount(3);
      await expect(tab.getByRole('link', { name: 'Untick all' })).toBeVisible();
      await tab.getByLabel('Set their status to').selectOption('contacted');
      await tab.getByRole('button', { name: 'Set status' }).click();
      await flash(tab, 'Status set to Contacted for 3 of the selected leads.');
      // Back on the list with nothing ticked, so the next change is not made to all of them again.
      await expect(tab).toHaveURL(new RegExp(`/admin\\?q=${tag}$`));
      await expect(tab.getByRole('main').getByRole('checkbox', { checked: true })).toHaveCount(0);
      // Someone else wins one of them meanwhile: this list's older view does not overwrite it.
      const other = await tab.context().newPage();
      await other.goto(`/admin/leads/${ids[1]}`);
      await other.getByLabel('Status', { exact: true }).selectOption('won');
      await other.getByRole('button', { name: 'Save status' }).click();
      await flash(other, 'Status saved: Won.');
      await other.close();
      await setFirstTwo('lost');
      await expect(tab.getByRole('main').getByRole('alert')).toHaveText(
        'Status set to Lost for 1 of the selected leads. Left as they were: 1 whose status someone else changed after this list was shown.',
      );
      await expect(tab.getByRole('row', { name: new RegExp(`${tag}-1@`) })).toContainText('Won');
      await expect(tab.getByRole('row', { name: new RegExp(`${tag}-0@`) })).toContainText('Lost');
      // Nothing ticked: said so, nothing changed.
      await tab.getByRole('button', { name: 'Set status' }).click();
      await expect(tab.getByRole('main').getByRole('alert')).toHaveText(
        'Tick at least one lead first.',
      );
      if (javaScript) await expectNoAxeViolations(tab);
      if (!javaScript) await tab.context().close();
    });
  }

  test('re-send reaches the receiver once more with the same Idempotency-Key; spam and not spam; delete', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('link')
      .click();
    // The lead's address carries the list it was opened from, which Back and Delete return to.
    const list = `?q=${encodeURIComponent(email).replace(/%20/g, '+')}`;
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}\?q=/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect(new URL(page.url()).search).toBe(list);
    // Above the lead and below it.
    const back = page.getByRole('link', { name: 'Back to the inbox' });
    await expect(back).toHaveCount(2);
    for (const link of await back.all())
      await expect(link).toHaveAttribute('href', `/admin${list}`);
    expect(receiver.forLead(id)).toHaveLength(1);

    await page.getByRole('button', { name: 'Re-send to the webhook' }).click();
    await flash(page, 'Re-sent: the webhook accepted it.');
    expect(receiver.forLead(id).map((r) => r.headers['idempotency-key'])).toEqual([id, id]);
    await expect(
      page.getByRole('table', { name: 'Webhook: every attempt, oldest first' }).getByRole('row'),
    ).toHaveCount(3);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Mark as spam' }).click();
    await flash(page, 'Marked as spam. It will not be delivered.');
    await page.getByRole('button', { name: 'Not spam: deliver it' }).click();
    await flash(page, 'Marked as not spam. Its delivery is queued.');
    // Delivered before it was marked: nothing of it is sent twice.
    expect(receiver.forLead(id)).toHaveLength(2);

    await page.getByText('Delete this lead', { exact: true }).click();
    await page
      .getByRole('button', { name: 'Yes, delete this lead and its delivery history for good' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin\\${list}$`));
    await flash(page, 'The lead was deleted.');
    await expectNoAxeViolations(page);
    // The inbox's frame with its message, the words in the HTML itself.
    const gone = await page.goto(`/admin/leads/${id}`);
    expect(gone!.status()).toBe(200);
    expect(await gone!.text()).toContain('There is no lead with this id.');
    await expect(page.getByText('There is no lead with this id.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Audit log' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The log keeps the id only: the lead it names is said to be gone, with no link to it.
    await page.goto('/admin/audit');
    const deleted = page.getByRole('row', { name: new RegExp(`Deleted a lead.*${id}`) });
    await expect(deleted.getByRole('cell').nth(3)).toHaveText(`A lead since deleted${id}`);
    await expect(deleted.getByRole('link')).toHaveCount(0);
  });

  test('a lead page never widens: a 2,000-character address and a 100-character name wrap, at 1280 and 320 px', async ({
    page,
    request,
  }) => {
    const id = await apiLead(request, {
      email: `wide-${run}@example.com`,
      firstName: 'W'.repeat(100),
      lastName: 'Wide',
      page_url: `https://www.example-agency.test/contact-us?ref=${'x'.repeat(1900)}`,
    });
    await signIn(page);
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin/leads/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('WWWW');
      await expectNoSidewaysScroll(page, `lead page at ${width} px`);
      await page.goto(`/admin?q=wide-${run}`);
      await expectNoSidewaysScroll(page, `inbox at ${width} px`);
    }
  });

  test('hidden and direction-changing characters a visitor sent are shown written out', async ({
    page,
    request,
  }) => {
    const id = await apiLead(request, {
      email: `bidi-${run}@example.com`,
      firstName: 'Eve\u202emoc.liam',
      lastName: 'Zero\u200bWidth',
    });
    await signIn(page);
    await page.goto(`/admin/leads/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Eve\\u202emoc.liam Zero\\u200bWidth',
    );
    await page.goto(`/admin?q=${encodeURIComponent('\\u202emoc')}`);
    await expect(page.getByRole('row', { name: new RegExp(`bidi-${run}`) })).toContainText(
      'Eve\\u202emoc.liam',
    );
  });

  /** The note box keeps what is typed only once its script runs. */
  const noteBoxHydrated = (page: Page) =>
    page.waitForFunction(() =>
      Object.keys(document.querySelector('#lead-note') ?? {}).some((key) =>
        key.startsWith('__reactFiber'),
      ),
    );

  for (const javaScript of [true, false])
    test(`a note and a status sent after the session ended are back on the page once signed in again, then saved, ${javaScript ? 'with' : 'without'} JavaScript`, async ({
      page,
      browser,
      request,
    }) => {
      const id = await apiLead(request, {
        email: `draft-${javaScript ? 'js' : 'plain'}-${run}@example.com`,
      });
      const tab = await signedInPage(page, browser, operator, javaScript);
      await tab.goto(`/admin/leads/${id}`);
      if (javaScript) await noteBoxHydrated(tab);
      const note = 'Called: wants a quote for three sites by Friday, café included';
      await tab.getByLabel('Note', { exact: true }).fill(note);
      await tab.getByLabel('Status', { exact: true }).selectOption('qualified');
      // Signed out meanwhile, in another tab.
      const other = await tab.context().newPage();
      await other.goto('/admin/account');
      await other.getByRole('button', { name: 'Sign out' }).first().click();
      await expect(other).toHaveURL(/\/admin\/sign-in/);
      await other.close();

      await tab.getByRole('button', { name: 'Add note' }).click();
      await expect(tab).toHaveURL(/\/admin\/sign-in/);
      await expect(tab.getByRole('main').getByRole('alert')).toHaveText(
        'Your session ended, so your changes were not saved yet. Sign in again: they will be back on the page.',
      );
      await sendSignIn(tab, operator.email, operator.password);
      await expect(tab).toHaveURL(new RegExp(`/admin/leads/${id}$`));
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue(note);
      await expect(
        tab.getByText('Your note was not saved yet: here it is again. Press Add note to save it.'),
      ).toBeVisible();
      await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('qualified');
      await expect(tab.getByLabel('Status', { exact: true })).toHaveAccessibleDescription(
        'The status you chose (Qualified) was not saved yet: here it is again. Press Save status to save it.',
      );
      if (!javaScript) {
        // Signing out forgets it: the browser's next user does not get it.
        await tab.goto('/admin/account');
        await tab.getByRole('button', { name: 'Sign out' }).first().click();
        await sendSignIn(tab, operator.email, operator.password);
        await tab.goto(`/admin/leads/${id}`);
        await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
        await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('new');
        await tab.getByLabel('Note', { exact: true }).fill(note);
        await tab.getByLabel('Status', { exact: true }).selectOption('qualified');
      }
      if (javaScript) await expectNoAxeViolations(tab);
      if (javaScript) await noteBoxHydrated(tab);
      await tab.getByRole('button', { name: 'Add note' }).click();
      await flash(tab, 'Status saved: Qualified. Note added.');
      await expect(tab.getByRole('main')).toContainText(note);
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
      await expect(tab.getByText('Your note was not saved yet')).toBeHidden();
      await expect(tab.getByText('The status you chose')).toHaveCount(0);
      await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('qualified');
      // Saved: the box stays empty from now on.
      await tab.reload();
      if (javaScript) await noteBoxHydrated(tab);
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
      if (!javaScript) await tab.context().close();
    });

  for (const javaScript of [true, false])
    test(`a note and a status not yet saved stay on the page through Mark as spam, Not spam and Re-send, ${javaScript ? 'with' : 'without'} JavaScript`, async ({
      page,
      browser,
      request,
    }) => {
      const id = await apiLead(request, {
        email: `unsaved-${javaScript ? 'js' : 'plain'}-${run}@example.com`,
      });
      const tab = await signedInPage(page, browser, operator, javaScript);
      await tab.goto(`/admin/leads/${id}`);
      if (javaScript) await noteBoxHydrated(tab);
      const note = 'Asked for pricing twice: keep an eye on it';
      const kept = async () => {
        await expect(tab.getByLabel('Note', { exact: true })).toHaveValue(note);
        await expect(
          tab.getByText(
            'Your note was not saved yet: here it is again. Press Add note to save it.',
          ),
        ).toBeVisible();
        await expect(tab.getByLabel('Status', { exact: true })).toHaveValue('qualified');
        await expect(tab.getByLabel('Status', { exact: true })).toHaveAccessibleDescription(
          'The status you chose (Qualified) was not saved yet: here it is again. Press Save status to save it.',
        );
      };
      await tab.getByLabel('Note', { exact: true }).fill(note);
      await tab.getByLabel('Status', { exact: true }).selectOption('qualified');
      // The note box is required for Add note only: these buttons go with it empty or not.
      await tab.getByRole('button', { name: 'Mark as spam' }).click();
      await flash(tab, 'Marked as spam. It will not be delivered.');
      await kept();
      if (javaScript) await expectNoAxeViolations(tab);
      await tab.getByRole('button', { name: 'Not spam: deliver it' }).click();
      await flash(tab, 'Marked as not spam. Its delivery is queued.');
      await kept();
      await tab.getByRole('button', { name: 'Re-send to the webhook' }).click();
      await flash(tab, 'Re-sent: the webhook accepted it.');
      await kept();
      expect(receiver.forLead(id).length).toBeGreaterThanOrEqual(2);
      if (javaScript) await noteBoxHydrated(tab);
      await tab.getByRole('button', { name: 'Add note' }).click();
      await flash(tab, 'Status saved: Qualified. Note added.');
      await expect(tab.getByRole('listitem').filter({ hasText: note })).toHaveCount(1);
      await tab.reload();
      if (javaScript) await noteBoxHydrated(tab);
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
      await expect(tab.getByText('The status you chose')).toHaveCount(0);
      // Nothing typed: the buttons keep nothing.
      await tab.getByRole('button', { name: 'Mark as spam' }).click();
      await flash(tab, 'Marked as spam. It will not be delivered.');
      await expect(tab.getByLabel('Note', { exact: true })).toHaveValue('');
      await expect(tab.getByText('Your note was not saved yet')).toBeHidden();
      if (!javaScript) await tab.context().close();
    });

  test('the CSV download is the current filter, with each lead’s status, latest note and the formula guard', async ({
    page,
    request,
  }) => {
    const id = await apiLead(request, { email: `=csv-${run}@example.com`, lastName: 'Sheet' });
    await signIn(page);
    await page.goto(`/admin/leads/${id}`);
    await page.getByLabel('Note', { exact: true }).fill('Sent the quote; follow up');
    await page.getByRole('button', { name: 'Add note' }).click();
    await flash(page, 'Note added.');
    await page.goto(`/admin?q=${encodeURIComponent(`csv-${run}`)}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = Buffer.from(
      await new Response(
        (await file.createReadStream()) as unknown as ReadableStream,
      ).arrayBuffer(),
    );
    // UTF-8 with its byte-order mark, which Excel needs to read accents as they were typed.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,form,status,spam,.*,latest_note$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=csv-${run}@example.com`);
    expect(lines[1]).toMatch(/^[^,]+,[^,]+,contact,new,no,.*,"Sent the quote; follow up"$/);
    // The audit log says a search was used, not what it was: that may be a person's address.
    await page.goto('/admin/audit');
    const entry = page.getByRole('row', { name: /Downloaded leads as CSV/ }).first();
    await expect(entry).toContainText('searched: true');
    await expect(entry).not.toContainText(`csv-${run}`);
  });

  test('deletion by email removes every lead of the address and the audit log says how many, not whose', async ({
    page,
    request,
  }) => {
    const person = `delete-me-${run}@example.com`;
    await apiLead(request, { email: person });
    await apiLead(request, { email: person.toUpperCase() });
    await signIn(page);
    await page.getByRole('link', { name: 'Deletion requests' }).click();
    await expectNoAxeViolations(page);
    await page.getByLabel('Their email address').fill(person);
    await page.getByLabel('I have checked the address: delete every lead with it').check();
    await page.getByRole('button', { name: 'Delete their data' }).click();
    await flash(page, '2 leads with that address were deleted.');
    await expectNoAxeViolations(page);
    const alone = `delete-me-alone-${run}@example.com`;
    await apiLead(request, { email: alone });
    await page.getByLabel('Their email address').fill(alone);
    await page.getByLabel('I have checked the address: delete every lead with it').check();
    await page.getByRole('button', { name: 'Delete their data' }).click();
    await flash(page, 'The one lead with that address was deleted.');
    await page.goto(`/admin?q=${encodeURIComponent(person)}`);
    await expect(page.getByText('No leads match these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByRole('row', { name: /Deleted a person’s leads by email/ });
    await expect(entries.first()).toContainText(OPERATOR);
    await expect(entries.first()).toContainText('count: 1');
    await expect(entries.nth(1)).toContainText('count: 2');
    await expect(page.locator('main')).not.toContainText(person);
    await expectNoAxeViolations(page);
    // A typo matches no lead: said so, and the address is back in its box to be checked.
    const typo = `delete-me-${run}@example.con`;
    await page.getByRole('link', { name: 'Deletion requests' }).click();
    await page.getByLabel('Their email address').fill(typo);
    await page.getByLabel('I have checked the address: delete every lead with it').check();
    await page.getByRole('button', { name: 'Delete their data' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'No lead has that address, so nothing was deleted. Check it for a typo.',
    );
    await expect(page.getByLabel('Their email address')).toHaveValue(typo);
    await expect(page.getByLabel('Their email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Their email address')).toHaveAccessibleDescription(
      'No lead has that address, so nothing was deleted. Check it for a typo.',
    );
    await expectNoAxeViolations(page);
    // Sent without the box ticked (the browser's own check bypassed): refused, the address kept.
    const unticked = `delete-me-unticked-${run}@example.com`;
    await page.getByLabel('Their email address').fill(unticked);
    await page.locator('#delete-confirm').evaluate((box: HTMLInputElement) => {
      box.required = false;
    });
    await page.getByRole('button', { name: 'Delete their data' }).click();
    await flash(page, 'Tick the box to confirm the deletion.');
    await expect(page.getByLabel('Their email address')).toHaveValue(unticked);
    // Once it has run, the address is not kept for the next visit.
    await page.getByLabel('I have checked the address: delete every lead with it').check();
    await page.getByRole('button', { name: 'Delete their data' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'No lead has that address',
    );
    await page.getByRole('link', { name: 'Deletion requests' }).click();
    await expect(page.getByLabel('Their email address')).toHaveValue('');
  });

  test('the overview: the chart with its table, results by source after leads are won, delivery health and the test event (200, then 500)', async ({
    page,
    request,
  }) => {
    const source = `e2e-results-${run}`;
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(
        await apiLead(request, {
          email: `results-${i}-${run}@example.com`,
          utm_source: source,
          utm_campaign: `campaign-${run}`,
          page_url: `https://brightline.example/offers/${run}?utm_source=${source}`,
        }),
      );
    await signIn(page);
    await page.goto(`/admin?q=results-`);
    for (const i of [0, 1])
      await page
        .getByRole('row', { name: new RegExp(`results-${i}-${run}`) })
        .getByRole('checkbox')
        .check();
    await page.getByLabel('Set their status to').selectOption('won');
    await page.getByRole('button', { name: 'Set status' }).click();
    await flash(page, 'Status set to Won for 2 of the selected leads.');

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('img', { name: /Leads per day, last 30 days/ })).toBeVisible();
    // The figure is named by its title, not by its legend.
    await expect(
      page.getByRole('figure', { name: 'Leads per day, last 30 days', exact: true }),
    ).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await expect(
      page
        .getByRole('table', { name: /Leads per day by form/ })
        .getByRole('row', { name: new RegExp(`^${today}`) }),
    ).toBeVisible();
    const bySource = page
      .getByRole('table', { name: /Results by source/ })
      .getByRole('row', { name: new RegExp(`^${source}`) });
    await expect(bySource.getByRole('cell')).toHaveText(['3', '2', '2', /^\d+ (s|min)$/]);
    await expect(
      page
        .getByRole('table', { name: /Results by campaign/ })
        .getByRole('row', { name: new RegExp(`^campaign-${run}`) })
        .getByRole('cell'),
    ).toHaveText(['3', '2', '2', /^\d+ (s|min)$/]);
    await expect(
      page
        .getByRole('table', { name: /Results by landing page/ })
        .getByRole('row', { name: new RegExp(`^/offers/${run}`) })
        .getByRole('cell'),
    ).toHaveText(['3', '2', '2', /^\d+ (s|min)$/]);
    const webhookOf = (form: string) =>
      page
        .getByRole('table', { name: `${form}: delivery health by channel` })
        .getByRole('row', { name: /^Webhook / });
    await expect(webhookOf('Contact')).toContainText(/Working since \d{4}-\d\d-\d\d \d\d:\d\d/);
    await expect(webhookOf('Demo request')).toContainText(
      'No webhook: set LEADS_WEBHOOK_URL (or this form’s own).',
    );
    // The paid services' hour as the chat endpoint counted it: the page reads the same count (the
    // e2e build allows 100000 of each).
    const chat = await request.post('/api/chat', {
      data: { sessionId: '4f1c2b7e-9a3d-4e8f-b6a5-0c1d2e3f4a5b', chatInput: 'Counted?' },
    });
    expect([200, 502]).toContain(chat.status()); // a reply or the demo, or 502 with no webhook up
    await page.reload();
    const budgets = page.getByRole('region', { name: overviewCopy.budgets });
    const upTo = '\\d{4}-\\d\\d-\\d\\d \\d\\d:00 UTC';
    await expect(budgets.getByRole('term')).toHaveText([
      'Chat messages (CHAT_MESSAGES_PER_HOUR)',
      'Voice demo calls (VOICE_CALLS_PER_HOUR)',
    ]);
    await expect(budgets.getByRole('definition')).toHaveText([
      new RegExp(`^[1-9]\\d* of 100000, counted again from ${upTo}$`),
      new RegExp(`^\\d+ of 100000, counted again from ${upTo}$`),
    ]);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send test event: Contact' }).click();
    await flash(page, /^Test event to the Contact webhook: HTTP 200 in \d+ ms\.$/);
    expect(receiver.received.at(-1)!.body).toMatchObject({ test: true, source: 'contact_us_page' });
    receiver.setDefault(500);
    await page.getByRole('button', { name: 'Send test event: Contact' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /^Test event to the Contact webhook failed: HTTP 500 \(non-2xx response\) \(\d+ ms\)\.$/,
    );
    receiver.setDefault(200);
    await expectNoAxeViolations(page);
  });

  test('a re-send the webhook refuses says so as an error, not as a notice', async ({
    page,
    request,
  }) => {
    const id = await apiLead(request, { email: `refused-${run}@example.com` });
    await signIn(page);
    await page.goto(`/admin/leads/${id}`);
    receiver.setDefault(500);
    try {
      await page.getByRole('button', { name: 'Re-send to the webhook' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'Re-sent, but the webhook did not accept it. It will be retried on the schedule.',
      );
    } finally {
      receiver.setDefault(200);
    }
  });

  test('from the keyboard, one link skips the rows to the paging and the actions on ticked leads', async ({
    page,
    request,
  }) => {
    await apiLead(request, { email: `skip-${run}@example.com` });
    await signIn(page);
    await page.goto('/admin');
    const skip = page.getByRole('link', { name: 'Skip to the actions for ticked leads' });
    await skip.focus();
    await page.keyboard.press('Enter');
    // Where it lands says so to a screen reader.
    await expect(page.locator(':focus')).toHaveText(
      'End of the list: paging and the actions for ticked leads follow.',
    );
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(
      focused.and(
        page
          .getByRole('navigation', { name: 'Pages' })
          .getByRole('link')
          .or(page.getByLabel('Set their status to')),
      ),
    ).toHaveCount(1);
    await expect(page.getByLabel('Send now: for form')).toHaveAttribute('id', 'send-now-form');
    await expect(page.getByLabel('Deliver skipped: for form')).toHaveAttribute(
      'id',
      'deliver-skipped-form',
    );
  });

  test('every inbox page works at 320 px and from the keyboard, with no axe violation', async ({
    page,
    request,
  }) => {
    const id = await apiLead(request, { email: `narrow-${run}@example.com` });
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page);
    for (const pathname of [
      '/admin',
      `/admin/leads/${id}`,
      '/admin/overview',
      '/admin/deletion',
      '/admin/audit',
      '/admin/account',
      // What every inbox page sends to while the database does not answer (tests/scale).
      '/admin/unavailable?next=%2Fadmin%2Faudit',
    ]) {
      await page.goto(pathname);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoSidewaysScroll(page, pathname);
      await expectNoAxeViolations(page);
    }
    // The chart scrolls in its own box rather than shrinking its date labels past reading.
    await page.goto('/admin/overview');
    const label = page
      .getByRole('img', { name: /Leads per day/ })
      .locator('text')
      .first();
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(9);
    // It opens on the newest days: the last bar is in view, not 300 px off to the right.
    const chart = page.getByRole('region', { name: overviewCopy.chartRegion });
    const box = (await chart.boundingBox())!;
    const lastLabel = (await page
      .getByRole('img', { name: /Leads per day/ })
      .locator('text')
      .last()
      .boundingBox())!;
    expect(lastLabel.x + lastLabel.width).toBeLessThanOrEqual(box.x + box.width);
    // A scrolling region is a Tab stop only while it has something to scroll.
    await expect(chart).toHaveAttribute('tabindex', '0');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(chart).not.toHaveAttribute('tabindex');
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(chart).toHaveAttribute('tabindex', '0');
    // The list shows who and at what status without scrolling sideways.
    await page.goto(`/admin?q=narrow-${run}`);
    const row = page.getByRole('row', { name: new RegExp(`narrow-${run}@`) });
    for (const cell of [row.getByRole('link'), row.getByRole('cell', { name: 'New', exact: true })])
      expect((await cell.boundingBox())!.x + (await cell.boundingBox())!.width).toBeLessThanOrEqual(
        320,
      );
    // Keyboard: the skip link first, then straight to the page's first control (after the link of
    // the failing-deliveries notice, there while an earlier test's webhook failure stands).
    await page.goto('/admin');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const notice = page.getByRole('region', { name: deliveryNotice.heading });
    if (await notice.isVisible()) {
      await expect(notice.getByRole('link', { name: deliveryNotice.link })).toBeFocused();
      await page.keyboard.press('Tab');
    }
    await expect(page.getByLabel('Search name, email, phone or company')).toBeFocused();
    // A lead's status from the keyboard alone.
    await page.goto(`/admin/leads/${id}`);
    await page.getByLabel('Status', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save status' })).toBeFocused();
    await page.keyboard.press('Enter');
    await flash(page, 'Status saved: Contacted.');
  });

  test('changing the password from the account page', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/account');
    await page.getByLabel('Current password').fill('not the current one');
    await page.getByLabel(/^New password \(12 to 256 characters\)$/).fill('a second passphrase');
    await page.getByLabel('New password again').fill('a second passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'The current password is not right.',
    );
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
      'The current password is not right.',
    );
    await expect(page.getByLabel('New password again')).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(page);
    // Twelve spaces pass the browser's length check; the server's rule names the field.
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel(/^New password \(12 to 256 characters\)$/).fill(' '.repeat(12));
    await page.getByLabel('New password again').fill(' '.repeat(12));
    await page.getByRole('button', { name: 'Change password' }).click();
    const repetitive =
      'The new password repeats too few characters: use at least 4 different ones.';
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(repetitive);
    await expect(page.getByLabel(/^New password \(/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/^New password \(/)).toHaveAccessibleDescription(repetitive);
    for (const [current, next] of [
      [PASSWORD, 'a second passphrase'],
      ['a second passphrase', PASSWORD],
    ]) {
      await page.getByLabel('Current password').fill(current!);
      await page.getByLabel(/^New password \(12 to 256 characters\)$/).fill(next!);
      await page.getByLabel('New password again').fill(next!);
      await page.getByRole('button', { name: 'Change password' }).click();
      await flash(page, 'Your password was changed. Your other sessions were signed out.');
    }
  });

  test('the privacy policy states the retention periods and the webhook signing this build has', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('main')).toContainText(
      'Submissions our spam checks catch are deleted from our database 30 days after they arrive.',
    );
    // The test build is built with a signing secret: deliveries are said to be signed only then.
    expect(testEnv.buildOnlySecrets.LEADS_WEBHOOK_SECRET).toMatch(/^whsec_/);
    await expect(page.getByRole('main')).toContainText(
      'need it. Deliveries to our automation platform are signed so they cannot be forged. Keys for',
    );
  });
});

test.describe('the operator commands beside the running site (embedded database)', () => {
  test('list, export (complete through a pipe), delete --email, purge and list-operators go through the site', async ({
    request,
  }) => {
    const person = `cli-${run}@example.com`;
    await apiLead(request, { email: person });

    const list = await leadsCommand(['list', '--form', 'contact', '--limit', '500']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(person);
    expect(list.stdout).toMatch(/of (\d+) lead\(s\)/);

    const exported = await leadsCommand(['export', '--csv', '--stage', 'new']);
    expect(exported.code).toBe(0);
    const rows = exported.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^\uFEFFid,created_at,/);
    expect(rows.some((row) => row.includes(person))).toBe(true);

    expect((await leadsCommand(['list-operators'])).stdout).toContain(OPERATOR);
    expect(await leadsCommand(['purge'])).toMatchObject({
      code: 0,
      stdout: '0 spam and 0 other lead(s) past their retention period deleted\n',
    });

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

test.describe('retention on a server with short periods', () => {
  const port = 3180;
  let root = '';
  let server: ChildProcess;
  let failing: Receiver;
  const env: Record<string, string> = {
    ...E2E_ENV,
    // About 1.7 s: a lead is past it by the time the test purges.
    LEADS_SPAM_RETENTION_DAYS: '0.00002',
    LEADS_RETENTION_DAYS: '0.00002',
    LEADS_RETRY_SCHEDULE_MS: 'none',
    // Email off: a lead whose emails wait for the suite's mail catcher is not past retention.
    SMTP_URL: '',
  };

  test.beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'e2e-retention-'));
    failing = await startReceiver();
    Object.assign(env, {
      LEADS_DATA_DIR: path.join(root, 'db'),
      LEADS_WEBHOOK_URL_CONTACT: `${failing.url}/leads`,
    });
    server = spawn(
      process.execPath,
      ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
      { env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' }, stdio: 'ignore' },
    );
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {}
      if (i > 300) throw new Error('the retention server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await addOperator(operator, env);
  });

  test.afterAll(async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await failing.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('a purge deletes what is past its period but keeps the lead whose delivery is failing, and the audit log counts it', async ({
    page,
    playwright,
  }) => {
    const base = `http://127.0.0.1:${port}`;
    const api = await playwright.request.newContext({ baseURL: base });
    failing.setDefault(500);
    const kept = await apiLead(api, { email: `failing-${run}@example.com` });
    await expect.poll(() => failing.forLead(kept).length).toBe(1);
    failing.setDefault(200);
    const gone = await apiLead(api, { email: `delivered-${run}@example.com` });
    await expect.poll(() => failing.forLead(gone).length).toBe(1);
    await page.waitForTimeout(2500);
    expect(await leadsCommand(['purge'], '', env)).toMatchObject({
      code: 0,
      stdout: '0 spam and 1 other lead(s) past their retention period deleted\n',
    });
    await signInAs(page, operator, base);
    await expect(page.getByRole('row', { name: new RegExp(`failing-${run}`) })).toContainText(
      'Failed',
    );
    await expect(page.getByRole('row', { name: new RegExp(`delivered-${run}`) })).toHaveCount(0);
    await page.goto(`${base}/admin/audit`);
    const entry = page.getByRole('row', { name: /Deleted leads past their retention period/ });
    await expect(entry).toContainText('retention (automatic)');
    await expect(entry).toContainText('spam: 0, leads: 1');
    await expectNoAxeViolations(page);
    await api.dispose();
  });
});
