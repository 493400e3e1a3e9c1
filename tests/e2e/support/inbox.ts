import { spawn } from 'node:child_process';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_ENV } from './servers';

/** Shared by the e2e files that work in the inbox: commands, signing in, the flash, leads. */

export type Operator = { email: string; password: string };

/** `npm run leads -- <args>` against a running test server's database; stdin is piped in. */
export function leadsCommand(
  args: string[],
  stdin = '',
  env: Record<string, string> = E2E_ENV,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node',
      ['--conditions=react-server', '--import', 'tsx', 'scripts/leads.ts', ...args],
      { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['pipe', 'pipe', 'pipe'] },
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

export async function addOperator(
  { email, password }: Operator,
  env: Record<string, string> = E2E_ENV,
): Promise<void> {
  const added = await leadsCommand(['add-operator', email], `${password}\n`, env);
  expect(added.stderr).toBe('');
  expect(added).toMatchObject({ code: 0, stdout: `${email} can now sign in at /admin/sign-in\n` });
}

/**
 * Fills in the sign-in form and sends it, waiting for the answer (a message may already be on the
 * page). It first waits for the form to be empty: React empties an action's form when the action's
 * transition ends, which after a previous attempt could otherwise wipe what is typed here and leave
 * the required fields empty, so that the click sends nothing.
 */
export async function sendSignIn(page: Page, email: string, password: string) {
  await expect(page.locator('form input#password')).toHaveValue('');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
}

/** Signs in from the sign-in page of `base` (the test server unless given). */
export async function signIn(page: Page, { email, password }: Operator, base = '') {
  await page.goto(`${base}/admin/sign-in`);
  await sendSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
}

/** A signed-in page whose browser runs no JavaScript: every form is a plain post and a 303. */
async function withoutJavaScript(browser: Browser, operator: Operator): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, operator);
  return page;
}

/** The test's page signed in, or without JavaScript a page in a context of its own, signed in. */
export async function signedInPage(
  page: Page,
  browser: Browser,
  operator: Operator,
  javaScript: boolean,
): Promise<Page> {
  if (!javaScript) return withoutJavaScript(browser, operator);
  await signIn(page, operator);
  return page;
}

/** What the last action said (the flash, polite or assertive): shown, and it has the focus. */
export async function flash(page: Page, text: string | RegExp) {
  const message = page.getByRole('main').getByText(text);
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
}

/** The page never scrolls sideways: wide content wraps or scrolls inside its own region. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, label).toBeLessThanOrEqual(width);
}

const leadBodies = {
  contact: { firstName: 'Ada', lastName: 'Lovelace', phone: '', message: 'Hello' },
  'growth-audit': { firstName: 'Ada', lastName: 'Lovelace', phone: '', website: 'example.com' },
};

/** A lead through the API as its form posts it (a contact lead unless told); returns its id. */
export async function apiLead(
  request: APIRequestContext,
  fields: Record<string, string>,
  form: keyof typeof leadBodies = 'contact',
): Promise<string> {
  const response = await request.post(`/api/leads/${form}`, {
    headers: { accept: 'application/json' },
    data: { ...leadBodies[form], form_started_at: String(Date.now() - 10_000), ...fields },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
