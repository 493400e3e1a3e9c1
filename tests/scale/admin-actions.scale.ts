import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalCopy } from '@/content/ui';
import { runLeadsCommand } from '../integration/support/leads-command';
import { startReceiver, TEST_WEBHOOK_SECRET, type Receiver } from '../integration/support/receiver';
import { validBodies } from '../integration/support/helpers';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { BASE_PORT, killAll, startInstance, type Instance } from './support/instance';
import {
  cookiesFrom,
  formWithButton,
  signInThrough,
  submit,
  type PageForm,
} from './support/inbox-forms';

/**
 * The inbox's Server Actions over real HTTP against the production build (they need Next's request
 * context, so they cannot be called in-process): every action's form, as its page serves it, posted
 * without a session, from another site (Origin, or Sec-Fetch-Site cross-site or same-site) and without
 * or with a wrong anti-forgery token: nothing happens and the answer says so (403, or back to a page),
 * never a 500. Then each is posted as the inbox posts it and does its work, which proves the probe (the
 * audit log) would have seen it. Also: the CSV export refuses a GET, a crafted sign-in address cannot
 * write on the page, a flash is shown once, and the inbox's address is bounded before the database.
 */

const root = mkdtempSync(path.join(tmpdir(), 'admin-actions-'));
const OPERATOR = 'actions@agency.example';
const PASSWORD = 'a passphrase for the actions';
let instance: Instance;
let receiver: Receiver;
let mail: MailCatcher;
let base = '';
let cookie = '';
const leadIds: string[] = [];

const page = async (pathname: string, withCookie = cookie) => {
  const response = await fetch(`${base}${pathname}`, {
    headers: withCookie ? { cookie: withCookie } : {},
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text(), response };
};

/** How many entries the audit log holds (its first page; fewer than 100 here). */
const auditEntries = async () =>
  (/<tbody>([\s\S]*?)<\/tbody>/.exec((await page('/admin/audit')).html)?.[1] ?? '').split('<tr')
    .length - 1;

async function postLead(email: string) {
  const response = await fetch(`${base}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      ...validBodies.contact,
      email,
      form_started_at: String(Date.now() - 10_000),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type Case = {
  name: string;
  page: () => string;
  button: string;
  extra: () => Record<string, string | string[]>;
};

// Every change the inbox offers, by the page that serves its form and the button that sends it.
const cases: Case[] = [
  {
    name: 'set the status of selected leads',
    page: () => '/admin',
    button: 'Set status',
    extra: () => ({ ids: [leadIds[0]!, leadIds[1]!], stage: 'qualified' }),
  },
  {
    name: 'mark selected leads as spam',
    page: () => '/admin',
    button: 'Mark as spam',
    extra: () => ({ ids: [leadIds[2]!] }),
  },
  { name: 'send now', page: () => '/admin', button: 'Send now', extra: () => ({}) },
  { name: 'deliver skipped', page: () => '/admin', button: 'Deliver skipped', extra: () => ({}) },
  {
    name: "save a lead's status",
    page: () => `/admin/leads/${leadIds[0]}`,
    button: 'Save status',
    extra: () => ({ stage: 'won' }),
  },
  {
    name: 'add a note',
    page: () => `/admin/leads/${leadIds[0]}`,
    button: 'Add note',
    extra: () => ({ note: 'Called back' }),
  },
  {
    name: 're-send a lead to the webhook',
    page: () => `/admin/leads/${leadIds[0]}`,
    button: 'Re-send to the webhook',
    extra: () => ({}),
  },
  {
    // Lead 0's confirmation was refused by the mail server: it waits, failed, for Send now.
    name: "send a lead's failed jobs now",
    page: () => `/admin/leads/${leadIds[0]}`,
    button: 'Send now',
    extra: () => ({}),
  },
  {
    name: 'mark a lead as spam',
    page: () => `/admin/leads/${leadIds[1]}`,
    button: 'Mark as spam',
    extra: () => ({}),
  },
  {
    name: 'send a test event',
    page: () => '/admin/overview',
    button: 'Send test event',
    extra: () => ({}),
  },
  {
    name: 'send a test email',
    page: () => '/admin/overview',
    button: 'Send test email',
    extra: () => ({}),
  },
  {
    name: 'delete by email',
    page: () => '/admin/deletion',
    button: 'Delete their data',
    extra: () => ({ email: 'nobody-here@example.com', confirm: 'yes' }),
  },
  {
    name: 'download the CSV',
    page: () => '/admin',
    button: 'Download CSV',
    extra: () => ({}),
  },
  {
    name: 'delete a lead',
    page: () => `/admin/leads/${leadIds[3]}`,
    button: 'Yes, delete this lead and its delivery history for good',
    extra: () => ({}),
  },
  {
    name: 'change the password',
    page: () => '/admin/account',
    button: 'Change password',
    extra: () => ({
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  },
  { name: 'sign out', page: () => '/admin/account', button: 'Sign out', extra: () => ({}) },
];

async function formOf(test: Case): Promise<PageForm> {
  return formWithButton((await page(test.page())).html, test.button);
}

beforeAll(async () => {
  receiver = await startReceiver();
  // The mail server refuses every message to lead 0's visitor: that lead always has a failed job.
  mail = await startMailCatcher({
    decide: (message) =>
      message.envelope.to.includes('actions-0@example.com') ? 'reject' : 'accept',
  });
  const port = BASE_PORT + 18;
  base = `http://127.0.0.1:${port}`;
  const env = {
    LEADS_DATA_DIR: path.join(root, 'db'),
    LEADS_WEBHOOK_URL: `${receiver.url}/leads`,
    LEADS_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SMTP_URL: mail.url(),
    ADMIN_SESSION_IDLE_MINUTES: '60',
    ADMIN_SESSION_MAX_HOURS: '8',
  };
  instance = await startInstance(port, env);
  const added = await runLeadsCommand(
    ['add-operator', OPERATOR],
    { ...env, LOG_LEVEL: 'warn' },
    `${PASSWORD}\n`,
  );
  expect(added.code).toBe(0);
  for (let i = 0; i < 4; i += 1) leadIds.push(await postLead(`actions-${i}@example.com`));
  ({ cookie } = await signInThrough(base, OPERATOR, PASSWORD));
  expect(cookie).toMatch(/session_token=/);
  // Lead 0's refused confirmation is recorded (failed) before its page's Send now is looked for.
  for (let i = 0; !(await page(`/admin/leads/${leadIds[0]}`)).html.includes('>Send now<'); i += 1) {
    if (i > 150) throw new Error("lead 0's refused confirmation was never recorded");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 300_000);

afterAll(async () => {
  killAll();
  await receiver.stop();
  await mail.stop();
  rmSync(root, { recursive: true, force: true });
  // Whatever was refused or failed, the server never answered 500 or logged an unhandled error.
  expect(instance.output.join('')).not.toMatch(/Invalid Server Actions request|Unhandled|⨯/);
});

describe('signing in over HTTP', () => {
  it('sets a session cookie that lasts to the absolute limit (8 h here), HttpOnly and SameSite=Lax', async () => {
    const { setCookie, response } = await signInThrough(base, OPERATOR, PASSWORD);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin');
    const line = setCookie.find((each) => each.includes('session_token='))!;
    expect(line).toMatch(/Max-Age=28800(;|$)/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=lax/i);
  });

  it('refuses a sign-in posted from another site with 403, and writes nothing', async () => {
    const html = (await page('/admin/sign-in', '')).html;
    const before = await auditEntries();
    for (const headers of [
      { origin: 'https://evil.example' },
      { secFetchSite: 'cross-site' },
      { secFetchSite: 'same-site' },
    ]) {
      const response = await submit(
        base,
        '/admin/sign-in',
        formWithButton(html, 'Sign in'),
        'Sign in',
        { email: OPERATOR, password: PASSWORD },
        headers,
      );
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie().join()).not.toMatch(/session_token/);
    }
    expect(await auditEntries()).toBe(before);
  });

  it('writes nothing of a crafted sign-in address on the page', async () => {
    const { html } = await page('/admin/sign-in?error=rate_limited&retryAfter=1e308', '');
    expect(html).not.toMatch(/e\+30|Too many/);
    expect(html).toContain('Sign in to the lead inbox');
  });
});

describe.each(cases)('$name', (test) => {
  it('without a session: nothing happens, and the browser is sent to sign in', async () => {
    const form = await formOf(test);
    const before = await auditEntries();
    const response = await submit(base, test.page(), form, test.button, test.extra(), {
      cookie: '',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/admin\/sign-in\?next=/);
    expect(await auditEntries()).toBe(before);
  });

  it('from another site (Origin, or Sec-Fetch-Site cross-site or same-site): 403, nothing happens', async () => {
    const form = await formOf(test);
    const before = await auditEntries();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { secFetchSite: 'cross-site' },
      { secFetchSite: 'same-site', origin: null },
    ]) {
      const response = await submit(base, test.page(), form, test.button, test.extra(), {
        cookie,
        ...headers,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await auditEntries()).toBe(before);
  });

  it('without the anti-forgery token, or with a wrong one: nothing happens', async () => {
    const form = await formOf(test);
    const before = await auditEntries();
    for (const csrf of [undefined, 'not-the-token']) {
      const fields = { ...form.fields };
      if (csrf === undefined) delete fields.csrf;
      else fields.csrf = csrf;
      const response = await submit(
        base,
        test.page(),
        { ...form, fields },
        test.button,
        test.extra(),
        {
          cookie,
        },
      );
      expect([303, 403]).toContain(response.status);
    }
    expect(await auditEntries()).toBe(before);
  });

  it('as the inbox sends it: it is done and written in the audit log', async () => {
    const form = await formOf(test);
    const before = await auditEntries();
    const response = await submit(base, test.page(), form, test.button, test.extra(), { cookie });
    expect([200, 303]).toContain(response.status);
    await response.arrayBuffer();
    if (test.name === 'change the password')
      cookie = cookiesFrom(response)
        .split('; ')
        .filter((pair) => pair.includes('session_token='))
        .join('; ');
    if (test.name === 'sign out') {
      expect(response.headers.get('location')).toBe('/admin/sign-in');
      expect((await page('/admin')).status).toBe(307);
      ({ cookie } = await signInThrough(base, OPERATOR, PASSWORD));
    }
    expect(await auditEntries()).toBeGreaterThan(before);
  });
});

describe('the rest of the contract over HTTP', () => {
  it('the CSV export is a post: a GET (a pasted address, or a link on another site) goes to the inbox with its filters and exports nothing', async () => {
    const before = await auditEntries();
    const response = await fetch(`${base}/admin/leads.csv?form=demo&q=ana`, {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin?form=demo&q=ana');
    expect(response.headers.get('content-type')).toBeNull();
    expect(await auditEntries()).toBe(before);
  });

  it('the CSV export sends a browser back to the inbox with the reason: an out-of-date form, a filter it cannot use', async () => {
    const form = formWithButton((await page('/admin')).html, 'Download CSV');
    const browser = { cookie, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const before = await auditEntries();
    const stale = await submit(
      base,
      '/admin',
      { ...form, fields: { ...form.fields, csrf: 'not-the-token' } },
      'Download CSV',
      { q: 'heron' },
      browser,
    );
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/admin?q=heron');
    const shown = await page('/admin?q=heron', `${cookie}; ${cookiesFrom(stale)}`);
    expect(shown.html).toContain('That form was out of date. It was not sent: please try again.');

    const unusable = await submit(
      base,
      '/admin',
      form,
      'Download CSV',
      { to: '2026-02-31' },
      browser,
    );
    expect(unusable.status).toBe(303);
    expect(unusable.headers.get('location')).toBe('/admin?to=2026-02-31');
    expect((await page('/admin?to=2026-02-31')).html).toContain(
      '&#x27;to&#x27; must be a date like 2026-01-31',
    );
    expect(await auditEntries()).toBe(before);
  });

  it('a status saved for a lead deleted meanwhile says there is no such lead, not that it had that status', async () => {
    const lead = `/admin/leads/${leadIds[0]}`;
    const form = formWithButton((await page(lead)).html, 'Save status');
    const saved = await submit(
      base,
      lead,
      { ...form, fields: { ...form.fields, id: crypto.randomUUID() } },
      'Save status',
      { stage: 'won' },
      { cookie },
    );
    expect(saved.status).toBe(303);
    const after = await page(lead, `${cookie}; ${cookiesFrom(saved)}`);
    expect(after.html).toContain('There is no such lead. It may have been deleted.');
  });

  it('a note posted without a session is kept in the browser, split over cookies, and shown on that lead only', async () => {
    const lead = `/admin/leads/${leadIds[1]}`;
    // 2,000 characters of two bytes each: more than one cookie holds.
    const note = 'é'.repeat(1_999) + '!';
    const form = formWithButton((await page(lead)).html, 'Add note');
    const shown = form.fields.from!;
    const chosen = shown === 'won' ? 'lost' : 'won';
    const expired = await submit(base, lead, form, 'Add note', { note, stage: chosen }, {});
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toMatch(/^\/admin\/sign-in/);
    const drafts = expired.headers.getSetCookie().filter((line) => line.startsWith('admin.draft.'));
    expect(drafts.map((line) => line.split('=')[0])).toEqual(['admin.draft.0', 'admin.draft.1']);
    for (const line of drafts) {
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/Path=\/admin/);
      expect(line.split(';')[0]!.length).toBeLessThan(4_000);
    }
    // Someone else changes the status meanwhile.
    const third = ['new', 'contacted', 'qualified'].find((each) => each !== shown)!;
    const changed = await submit(base, lead, form, 'Save status', { stage: third }, { cookie });
    expect(changed.status).toBe(303);
    const kept = `${cookie}; ${cookiesFrom(expired)}`;
    const back = (await page(lead, kept)).html;
    expect(back).toContain(`${note}</textarea>`);
    // The status chosen is back too, with the one its page showed, for the stale-page check.
    expect(formWithButton(back, 'Add note').fields).toMatchObject({ stage: chosen, from: shown });
    expect(back).toContain('The status you chose');
    expect((await page(`/admin/leads/${leadIds[0]}`, kept)).html).not.toContain(note);
    // Saved: the cookies are cleared.
    const saved = await submit(base, lead, form, 'Add note', { note }, { cookie: kept });
    expect(
      saved.headers.getSetCookie().filter((line) => /^admin\.draft\.\d=;/.test(line)),
    ).toHaveLength(2);
  });

  it('a note sent from an out-of-date form, or with Mark as spam, is kept for its page, not lost', async () => {
    const lead = `/admin/leads/${await postLead('actions-kept@example.com')}`;
    const form = formWithButton((await page(lead)).html, 'Add note');
    const note = 'Kept though not saved';
    const stale = await submit(
      base,
      lead,
      { ...form, fields: { ...form.fields, csrf: 'not-the-token' } },
      'Add note',
      { note },
      { cookie },
    );
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe(lead);
    const kept = `${cookie}; ${cookiesFrom(stale)}`;
    const back = (await page(lead, kept)).html;
    expect(back).toContain('That form was out of date. It was not sent: please try again.');
    // In the box, not among the saved notes.
    expect(back).toContain(`${note}</textarea>`);
    expect(back).not.toContain(`${note}</p>`);
    // Mark as spam sends the same form and saves the note no more than Add note did above.
    const spam = formWithButton(back, 'Mark as spam');
    const marked = await submit(base, lead, spam, 'Mark as spam', { note }, { cookie: kept });
    expect(marked.status).toBe(303);
    const after = (await page(lead, `${cookie}; ${cookiesFrom(marked)}`)).html;
    expect(after).toContain(`${note}</textarea>`);
    expect(after).toContain('Marked as spam. It will not be delivered.');
    expect(after).not.toContain(`${note}</p>`);
  });

  it('a NUL in a posted field is removed from a note and refuses a sign-in, never "the database did not answer"', async () => {
    const lead = `/admin/leads/${leadIds[0]}`;
    const noted = await submit(
      base,
      lead,
      formWithButton((await page(lead)).html, 'Add note'),
      'Add note',
      { note: 'Left a\u0000 voicemail' },
      { cookie },
    );
    expect(noted.status).toBe(303);
    const after = await page(lead, `${cookie}; ${cookiesFrom(noted)}`);
    expect(after.html).toContain('Left a voicemail');
    expect(after.html).not.toContain('did not answer');

    const signIn = await submit(
      base,
      '/admin/sign-in',
      formWithButton((await page('/admin/sign-in', '')).html, 'Sign in'),
      'Sign in',
      { email: `\u0000${OPERATOR}`, password: PASSWORD },
    );
    expect(signIn.status).toBe(303);
    expect(signIn.headers.getSetCookie().join()).not.toMatch(/session_token/);
    const refused = await page(signIn.headers.get('location')!, cookiesFrom(signIn));
    expect(refused.html).toContain('Wrong email or password.');
  });

  it('a lead opened from a link on another site stays unopened; opened from the inbox, it is seen', async () => {
    const id = await postLead(`opened-${Date.now()}@example.com`);
    const unopened = async () => (await page('/admin?q=opened-')).html.includes('Unopened');
    expect(await unopened()).toBe(true);
    const foreign = await fetch(`${base}/admin/leads/${id}`, {
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.status).toBe(200);
    await foreign.arrayBuffer();
    expect(await unopened()).toBe(true);
    const opened = await fetch(`${base}/admin/leads/${id}`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    // Rendered per request for one operator: never stored by a cache on the way.
    expect(opened.headers.get('cache-control')).toMatch(/no-store/);
    await opened.arrayBuffer();
    expect(await unopened()).toBe(false);
  });

  it("a lead's page already counts it as opened, and an unknown lead's page says so in the inbox", async () => {
    const unopenedIn = (html: string) => Number(/>(\d+) unopened</.exec(html)?.[1] ?? 0);
    await postLead(`counted-${Date.now()}@example.com`);
    const id = await postLead(`counted-${Date.now()}@example.com`);
    const before = unopenedIn((await page('/admin')).html);
    expect(before).toBeGreaterThanOrEqual(2);
    expect(unopenedIn((await page(`/admin/leads/${id}`)).html)).toBe(before - 1);
    expect(unopenedIn((await page('/admin')).html)).toBe(before - 1);

    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-lead-id']) {
      const gone = await page(`/admin/leads/${unknown}`);
      expect(gone.status).toBe(200);
      expect(gone.html).toContain('There is no lead with this id.');
      expect(gone.html).toContain('aria-label="Inbox sections"');
    }
    // Signed out, an unknown lead is no different from a known one: the sign-in page.
    expect((await page('/admin/leads/not-a-lead-id', '')).status).toBe(307);
  });

  it("a post Next.js could not read as an action, or another page's action, is a 4xx with a message, never a 500; public pages take no posts", async () => {
    const signInHtml = (await page('/admin/sign-in', '')).html;
    const actionId = /\$ACTION_ID_([0-9a-f]+)/.exec(signInHtml)![1]!;
    const deletionHtml = (await page('/admin/deletion')).html;
    const otherPages = /\$ACTION_ID_([0-9a-f]+)/.exec(deletionHtml)![1]!;
    const post = (pathname: string, body: BodyInit, headers: Record<string, string>) =>
      fetch(`${base}${pathname}`, { method: 'POST', body, headers: { origin: base, ...headers } });
    const garbledForm = { 'content-type': 'multipart/form-data; boundary=zz' };
    const overLimit = 'a'.repeat(1024 * 1024 + 1);
    const formOf = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return form;
    };
    for (const [pathname, body, headers, status] of [
      ['/admin', 'garbage', garbledForm, 400],
      ['/admin/sign-in', overLimit, { 'content-type': 'application/x-www-form-urlencoded' }, 413],
      ['/admin/sign-in', '{{{{', { 'next-action': actionId, 'content-type': 'text/plain' }, 400],
      ['/admin/sign-in', overLimit, { 'next-action': actionId, 'content-type': 'text/plain' }, 413],
      // A scripted call's form data without its root, or with a root that is not JSON.
      ['/admin/sign-in', formOf({ email: 'a' }), { 'next-action': actionId }, 400],
      ['/admin/sign-in', formOf({ '0': 'zz', '1_email': 'a' }), { 'next-action': actionId }, 400],
      // Another page's action, which Next.js would forward to that page.
      [
        '/admin/sign-in',
        formOf({ '0': '["$K1"]', '1_email': 'a' }),
        { 'next-action': otherPages },
        404,
      ],
      ['/', 'garbage', garbledForm, 405],
      [
        '/contact-us',
        'firstName=Ada',
        { 'content-type': 'application/x-www-form-urlencoded' },
        405,
      ],
    ] as const) {
      const response = await post(pathname, body, headers);
      expect(response.status, `${pathname} ${JSON.stringify(headers)}`).toBe(status);
      const says = {
        400: 'unreadable',
        404: 'noSuchChange',
        405: 'readOnly',
        413: 'tooLarge',
      } as const;
      expect(await response.text()).toBe(`${refusalCopy[says[status]]}\n`);
    }
    expect((await page('/admin/sign-in', '')).status).toBe(200);
  });

  it('shows a flash once: the page after the action says what happened, and clears it', async () => {
    const form = formWithButton((await page(`/admin/leads/${leadIds[0]}`)).html, 'Save status');
    const response = await submit(
      base,
      `/admin/leads/${leadIds[0]}`,
      form,
      'Save status',
      {
        stage: 'lost',
      },
      { cookie },
    );
    expect(response.status).toBe(303);
    const flash = cookiesFrom(response);
    expect(flash).toMatch(/^admin\.flash=/);
    const shown = await page(response.headers.get('location')!, `${cookie}; ${flash}`);
    expect(shown.html).toContain('Status saved: Lost.');
    expect(shown.response.headers.getSetCookie().join()).toMatch(/admin\.flash=;.*Max-Age=0/);
    expect((await page(response.headers.get('location')!)).html).not.toContain('Status saved');
  });

  it.each([
    '/admin?from=0000-01-01',
    '/admin?to=275760-09-13',
    '/admin?page=184467440737095516',
    '/admin?page=-1',
    '/admin/audit?page=1e20',
    '/admin/audit?page=99999999999999999999',
  ])('%s answers 200 with what it can show, never a database error', async (pathname) => {
    const { status, html } = await page(pathname);
    expect(status).toBe(200);
    if (pathname.includes('from=') || pathname.includes('to='))
      expect(html).toMatch(/must be between 1970-01-01 and 9999-12-31|must be a date/);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('the CSV with an out-of-range date is refused with a message, not sent to the database', async () => {
    const form = formWithButton((await page('/admin')).html, 'Download CSV');
    const response = await submit(
      base,
      '/admin',
      form,
      'Download CSV',
      { from: '0000-01-01' },
      {
        cookie,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'bad_request',
      message: "'from' must be between 1970-01-01 and 9999-12-31",
    });
  });
});
