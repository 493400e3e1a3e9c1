import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';
import { expect, holdScripts, test, waitForHydration } from './support/fixtures';
import { leadsCommand } from './support/inbox';

const valid = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  phone: '(555) 010-0142',
};

/** Holds the request until the test has seen the in-flight state, then lets it through. */
async function slowDown(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function fill(page: Page, formId: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = page.locator(`#${formId}-${name}`);
    if ((await control.evaluate((element) => element.tagName)) === 'SELECT')
      await control.selectOption(value);
    else await control.fill(value);
  }
}

test.describe('growth audit form', () => {
  const formId = 'growth-audit-form';

  test.beforeEach(async ({ page }) => {
    await page.goto('/growth-audit');
    await waitForHydration(page);
  });

  test('shows the messages of docs/product.md section 6.3 for empty and invalid fields and clears one when it is edited', async ({
    page,
  }) => {
    const form = page.locator(`#${formId}`);
    await form.getByRole('button', { name: 'Send My Free Blueprint' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(page.locator(`#${formId}-firstName`)).toBeFocused();
    await expect(page.locator(`#${formId}-firstName`)).toHaveAttribute('aria-invalid', 'true');

    await fill(page, formId, {
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@',
      phone: '0123',
      website: 'not a site',
    });
    await expect(form.getByText('First name is required')).toBeHidden(); // cleared on edit
    await form.getByRole('button', { name: 'Send My Free Blueprint' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(
      form.getByText('Invalid website URL (e.g., example.com or https://example.com)'),
    ).toBeVisible();
    await page.locator(`#${formId}-phone`).fill('555 010 0142');
    await expect(form.getByText('Please enter a valid phone number')).toBeHidden();
  });

  test('submits: Processing... and disabled while sending, then /thank-you', async ({ page }) => {
    const release = await slowDown(page, '**/api/leads/growth-audit');
    await fill(page, formId, { ...valid, website: 'dana-plumbing.com' });
    const button = page
      .locator(`#${formId}`)
      .getByRole('button', { name: /Send My Free Blueprint|Processing/ });
    await button.click();
    await expect(button).toHaveText('Processing...');
    await expect(button).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/thank-you$/);
  });

  test('a server error shows the alert wording and keeps everything typed', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 500 .*api\/leads\/growth-audit/);
    await page.route('**/api/leads/growth-audit', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
    );
    await fill(page, formId, valid);
    await page
      .locator(`#${formId}`)
      .getByRole('button', { name: 'Send My Free Blueprint' })
      .click();
    await expect(page.locator(`#${formId}`).getByRole('alert')).toHaveText(
      'Error: Server error (500). Please try again or contact support.',
    );
    await expect(page.locator(`#${formId}-email`)).toHaveValue(valid.email);
    await expect(
      page.locator(`#${formId}`).getByRole('button', { name: 'Send My Free Blueprint' }),
    ).toBeEnabled();
  });

  test('an unreachable server says nothing was sent and keeps everything typed', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/ERR_CONNECTION_REFUSED .*api\/leads\/growth-audit/);
    await page.route('**/api/leads/growth-audit', (route) => route.abort('connectionrefused'));
    await fill(page, formId, valid);
    await page
      .locator(`#${formId}`)
      .getByRole('button', { name: 'Send My Free Blueprint' })
      .click();
    await expect(page.locator(`#${formId}`).getByRole('alert')).toContainText(
      'could not reach our server',
    );
    await expect(page.locator(`#${formId}-firstName`)).toHaveValue(valid.firstName);
    await expect(page).toHaveURL(/\/growth-audit$/);
  });

  test('the sticky bar is hidden at 799 px, shown past 800 px, and opens the form in a dialog', async ({
    page,
  }) => {
    const bar = page.locator('[data-sticky-cta]');
    await page.evaluate(() => window.scrollTo({ top: 799, behavior: 'instant' }));
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 801, behavior: 'instant' }));
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Unlock My Blueprint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get your free AI growth blueprint' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(bar.getByRole('button', { name: 'Unlock My Blueprint' })).toBeFocused();
  });

  test('the dialog form submits and goes to /thank-you', async ({ page }) => {
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await page
      .locator('[data-sticky-cta]')
      .getByRole('button', { name: 'Unlock My Blueprint' })
      .click();
    await fill(page, 'growth-audit-dialog-form', valid);
    await page.getByRole('dialog').getByRole('button', { name: 'Send My Free Blueprint' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
  });

  test('sends the visit attribution with the lead, utm kept from the landing page', async ({
    page,
  }) => {
    await page.goto(
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=ai&utm_content=cta',
    );
    await page.goto('/growth-audit');
    await waitForHydration(page);
    const request = page.waitForRequest('**/api/leads/growth-audit');
    await fill(page, formId, valid);
    await page
      .locator(`#${formId}`)
      .getByRole('button', { name: 'Send My Free Blueprint' })
      .click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      ...valid,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'ai',
      utm_content: 'cta',
      page_url: expect.stringContaining('/growth-audit'),
      screen_resolution: expect.stringMatching(/^\d+x\d+$/),
      viewport_size: '1280x720',
      language: expect.any(String),
      timezone: expect.any(String),
    });
    expect(typeof body.time_on_page).toBe('number');
    expect(typeof body.scroll_depth).toBe('number');
    expect(body.referrer).toBeTruthy();
    expect(body.company_website).toBe('');
    expect(Number(body.form_started_at)).toBeGreaterThan(0);
  });
});

test.describe('demo request form', () => {
  const formId = 'demo-form';
  const demo = {
    ...valid,
    company: 'Reyes Property Group',
    industry: 'real-estate',
    callVolume: '100-500',
    message: 'After-hours calls.',
  };

  test('Submitting... then the thank-you screen with its two buttons', async ({ page }) => {
    await page.goto('/contact-demo');
    await waitForHydration(page);
    const release = await slowDown(page, '**/api/leads/demo');
    await fill(page, formId, demo);
    const button = page.locator(`#${formId} button[type="submit"]`);
    await button.click();
    await expect(button).toHaveText('Submitting...');
    await expect(button).toBeDisabled();
    release();
    const success = page.locator('[data-form-success]');
    await expect(success.getByRole('heading')).toBeFocused();
    await expect(success.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute(
      'href',
      '/services-overview',
    );
    await expect(
      success.getByRole('link', { name: 'Calculate Your Revenue Loss' }),
    ).toHaveAttribute('href', '/revenue-calculator');
  });

  test('requires phone and company, and shows the server error banner', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 503 .*api\/leads\/demo/);
    await page.goto('/contact-demo');
    await waitForHydration(page);
    await page.locator(`#${formId} button[type="submit"]`).click();
    await expect(page.locator(`#${formId}`).getByText('Phone number is required')).toBeVisible();
    await expect(page.locator(`#${formId}`).getByText('Company is required')).toBeVisible();
    await page.route('**/api/leads/demo', (route) => route.fulfill({ status: 503, body: 'down' }));
    await fill(page, formId, demo);
    await page.locator(`#${formId} button[type="submit"]`).click();
    await expect(page.locator(`#${formId}`).getByRole('alert')).toHaveText(
      'Server error (503). Please try again or contact us directly.',
    );
    await expect(page.locator(`#${formId}-company`)).toHaveValue(demo.company);
  });

  test('on a phone, a refused request brings its banner into view and focus, above the fields', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 429 .*api\/leads\/demo/);
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/contact-demo');
    await waitForHydration(page);
    await page.route('**/api/leads/demo', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"error":"rate_limited"}',
      }),
    );
    await fill(page, formId, demo);
    await page.locator(`#${formId} button[type="submit"]`).click();
    const banner = page.locator(`#${formId}`).getByRole('alert');
    await expect(banner).toHaveText(
      'Too many requests from your connection. Please wait a minute and try again.',
    );
    await expect(banner).toBeFocused();
    await expect(banner).toBeInViewport({ ratio: 1 });
  });
});

test.describe('contact form', () => {
  const formId = 'contact-form';

  test('Sending... then the thank-you screen with buttons to / and /services-overview', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
    const release = await slowDown(page, '**/api/leads/contact');
    await fill(page, formId, {
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam@example.com',
      message: 'Hello',
    });
    const button = page.locator(`#${formId} button[type="submit"]`);
    await button.click();
    await expect(button).toHaveText('Sending...');
    release();
    const success = page.locator('[data-form-success]');
    await expect(success.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(success.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute(
      'href',
      '/services-overview',
    );
  });

  test('a message past its limit says the limit, keeps the text and sends nothing', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
    let posts = 0;
    await page.route('**/api/leads/contact', (route) => {
      posts += 1;
      return route.continue();
    });
    const message = 'a'.repeat(5001);
    await fill(page, formId, {
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam@example.com',
      message,
    });
    await page.locator(`#${formId} button[type="submit"]`).click();
    await expect(
      page.locator(`#${formId}`).getByText('This is too long (at most 5,000 characters)'),
    ).toBeVisible();
    await expect(page.locator(`#${formId}-message`)).toBeFocused();
    await expect(page.locator(`#${formId}-message`)).toHaveValue(message);
    expect(posts).toBe(0);
  });

  test('a response that is neither success nor a server error gives the unexpected-error banner', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 409 .*api\/leads\/contact/);
    await page.goto('/contact-us');
    await waitForHydration(page);
    await page.route('**/api/leads/contact', (route) => route.fulfill({ status: 409, body: '' }));
    await fill(page, formId, { firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com' });
    await page.locator(`#${formId} button[type="submit"]`).click();
    await expect(page.locator(`#${formId}`).getByRole('alert')).toHaveText(
      'An unexpected error occurred. Please try again or contact us directly.',
    );
  });
});

test.describe('answers that do not say the lead was stored', () => {
  const formId = 'contact-form';
  const sam = { firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com' };

  test.beforeEach(async ({ page }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
  });

  for (const [what, answer] of [
    [
      "a 200 page that is not the API's (a Wi-Fi portal's sign-in)",
      { status: 200, contentType: 'text/html', body: '<h1>Sign in to the Wi-Fi</h1>' },
    ],
    ['a 204 without a body', { status: 204, body: '' }],
  ] as const) {
    test(`${what} is no success: the unexpected-error banner, everything kept`, async ({
      page,
    }) => {
      await page.route('**/api/leads/contact', (route) => route.fulfill(answer));
      await fill(page, formId, sam);
      await page.locator(`#${formId} button[type="submit"]`).click();
      await expect(page.locator(`#${formId}`).getByRole('alert')).toHaveText(
        'An unexpected error occurred. Please try again or contact us directly.',
      );
      await expect(page.locator(`#${formId}-email`)).toHaveValue(sam.email);
      await expect(page.getByText('Thank you!')).toHaveCount(0);
    });
  }

  test('a 422 naming only a field this page lacks gives the unexpected-error banner', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 422 .*api\/leads\/contact/);
    await page.route('**/api/leads/contact', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'validation', fieldErrors: { newField: 'required' } }),
      }),
    );
    await fill(page, formId, sam);
    await page.locator(`#${formId} button[type="submit"]`).click();
    await expect(page.locator(`#${formId}`).getByRole('alert')).toHaveText(
      'An unexpected error occurred. Please try again or contact us directly.',
    );
    await expect(page.locator(`#${formId} button[type="submit"]`)).toBeEnabled();
  });
});

test.describe('forms with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the growth audit form posts and lands on /thank-you', async ({ page }) => {
    await page.goto('/growth-audit');
    await fill(page, 'growth-audit-form', {
      ...valid,
      email: 'nojs-audit@example.com',
      website: 'example.com',
    });
    await page
      .locator('#growth-audit-form')
      .getByRole('button', { name: 'Send My Free Blueprint' })
      .click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/blueprint is on its way/i);
  });

  test('a post from a copy of the page on another site lands on the real form, saying nothing was sent', async ({
    page,
    baseURL,
  }) => {
    const email = `nojs-copy-${Date.now()}@example.com`;
    // The contact page as a translation proxy or a saved copy serves it: from another origin,
    // posting to the site.
    const original = await (await page.request.get('/contact-us')).text();
    const copy = original.replace(
      'action="/api/leads/contact"',
      `action="${baseURL}/api/leads/contact"`,
    );
    expect(copy).not.toBe(original);
    const server = createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(copy);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/contact-us`);
      await fill(page, 'contact-form', { ...valid, email });
      await page.locator('#contact-form button[type="submit"]').click();
      await expect(page).toHaveURL(
        new RegExp(`^${baseURL}/contact-us\\?errors=[\\w-]+#contact-form-error-foreign$`),
      );
    } finally {
      server.close();
    }
    const panel = page.locator('#contact-form-error-foreign');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(
      'Your details were not sent: the form came from a copy of this page on another site',
    );
    await expect(panel).toContainText('Please fill it in here and send it again.');
    await expect(panel).not.toContainText('Go back');
    await expect(page.locator('form#contact-form')).toBeVisible();
    // Sent again from here, it is stored, once: the copy's post was not.
    await fill(page, 'contact-form', { ...valid, email });
    await page.locator('#contact-form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/contact-us\?sent=1#contact-form-sent$/);
    const listed = (await leadsCommand(['list', '--form', 'contact', '--limit', '1000'])).stdout;
    expect(listed.split(email)).toHaveLength(2);
  });

  test('the browser checks required fields before anything is sent', async ({ page }) => {
    await page.goto('/contact-us');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true;
    });
    await page.locator('#contact-form button[type="submit"]').click();
    expect(
      await page
        .locator('#contact-form-firstName')
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    expect(posted).toBe(false);
  });

  test('the browser names a badly formed email, phone or website before anything is sent', async ({
    page,
  }) => {
    await page.goto('/growth-audit');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true;
    });
    const form = page.locator('#growth-audit-form');
    const submit = form.getByRole('button', { name: 'Send My Free Blueprint' });
    for (const [name, bad, good, title] of [
      ['email', 'nojs@example', 'nojs-format@example.com', 'An address like name@example.com'],
      ['phone', '555-CALL-NOW', '+1 (555) 010-0199', 'Digits, spaces, dashes and brackets'],
      ['website', 'my site', 'example.com', 'A site like example.com'],
    ] as const) {
      await fill(page, 'growth-audit-form', { ...valid, email: 'nojs-format@example.com' });
      const field = page.locator(`#growth-audit-form-${name}`);
      await field.fill(bad);
      await submit.click();
      expect(
        await field.evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
      ).toBe(true);
      await expect(field).toHaveAttribute('title', new RegExp(`^${title}`));
      // Its edge is visible: slate 500, 4.8:1 on white, where a control needs 3:1.
      await expect(field).toHaveCSS('border-top-color', 'rgb(100, 116, 139)');
      await field.fill(good);
      expect(await field.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
    }
    expect(posted).toBe(false);
  });

  test('an accepted contact message shows the success panel in place of the form', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await fill(page, 'contact-form', {
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'nojs-contact@example.com',
      message: 'No JS here',
    });
    await page.locator('#contact-form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/contact-us\?sent=1#contact-form-sent$/);
    await expect(page.locator('#contact-form-sent')).toBeVisible();
    await expect(page.locator('#contact-form-sent')).toContainText('Your message has been sent');
    await expect(page.locator('form#contact-form')).toBeHidden();
  });

  test('a rejected demo request explains what to check and keeps the form', async ({ page }) => {
    await page.goto('/contact-demo');
    // Seventeen digits: the browser's pattern lets it through, the server's rule does not.
    await fill(page, 'demo-form', { ...valid, phone: '1234 5678 9012 3456 7', company: 'Acme' });
    await page.locator('#demo-form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/contact-demo\?errors=[\w-]+#demo-form-error$/);
    await expect(page.locator('#demo-form-error')).toBeVisible();
    await expect(page.locator('#demo-form-error')).toContainText('phone number');
    // Only what this form asks: it has no website field; the growth audit's panel names it.
    await expect(page.locator('#demo-form-error')).not.toContainText('website');
    await expect(page.locator('form#demo-form')).toBeVisible();
    await page.goto('/growth-audit?errors=x#growth-audit-form-error');
    await expect(page.locator('#growth-audit-form-error')).toContainText(
      'the website looks like example.com or https://example.com',
    );
  });

  test('a post refused for too many requests says so, not which details to check', async ({
    page,
  }) => {
    const token = Buffer.from(JSON.stringify({ form: 'rate_limited' })).toString('base64url');
    await page.goto(`/aria-landing?errors=${token}#aria-signup-form-error-rate_limited`);
    const panel = page.locator('#aria-signup-form-error-rate_limited');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(
      'Too many requests from your connection. Please wait a minute and try again.',
    );
    await expect(panel).toContainText('Go back to send it again: your details are kept.');
    await expect(page.locator('#aria-signup-form-error')).toBeHidden();
  });
});

test('with JavaScript, a page reached from a rejected plain post shows each message beside its field', async ({
  page,
}) => {
  const token = Buffer.from(JSON.stringify({ phone: 'invalid', form: 'rate_limited' })).toString(
    'base64url',
  );
  await page.goto(`/contact-demo?errors=${token}#demo-form-error`);
  await waitForHydration(page);
  await expect(
    page.locator('#demo-form').getByText('Please enter a valid phone number'),
  ).toBeVisible();
  await expect(
    page
      .locator('#demo-form')
      .getByText('Too many requests from your connection. Please wait a minute and try again.'),
  ).toBeVisible();
  await expect(page.locator('#demo-form-phone')).toHaveAttribute('aria-invalid', 'true');
  // Its fields are empty: what was typed is on the page before.
  await expect(
    page.locator('#demo-form').getByText('What you typed is on the previous page: go back'),
  ).toBeVisible();
});

test('with JavaScript, a refused plain post whose token was cut short still says it was refused', async ({
  page,
}) => {
  await page.goto('/contact-us?errors=%E0%A4%A#contact-form-error');
  await waitForHydration(page);
  await expect(
    page.locator('#contact-form').getByText('What you typed is on the previous page: go back'),
  ).toBeVisible();
});

test('with JavaScript, a page reached from a copy of itself asks for the form here, not to go back', async ({
  page,
}) => {
  const token = Buffer.from(JSON.stringify({ form: 'foreign' })).toString('base64url');
  await page.goto(`/contact-us?errors=${token}#contact-form-error-foreign`);
  await waitForHydration(page);
  const form = page.locator('#contact-form');
  await expect(
    form.getByText(
      'Your details were not sent: the form came from a copy of this page on another site or on your device (a translated or saved page, for example). Please fill it in here and send it again.',
    ),
  ).toBeVisible();
  await expect(form.getByText('What you typed is on the previous page')).toHaveCount(0);
});

test.describe("the minimum fill time's clock (docs/product.md section 6.6)", () => {
  test('starts when the page arrived for a form in its HTML: typing before the scripts ran counts', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    const openedAt = Date.now();
    await page.goto('/contact-us', { waitUntil: 'domcontentloaded' });
    await fill(page, 'contact-form', {
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam@example.com',
      message: 'Typed while the scripts were on their way.',
    });
    const typedAt = Date.now();
    await page.waitForTimeout(500);
    release();
    await waitForHydration(page);
    // Sent at once: under 2.5 s after hydration, long after the page arrived.
    const request = page.waitForRequest('**/api/leads/contact');
    await page.locator('#contact-form button[type="submit"]').click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    const sentAt = Date.now();
    const startedAt = Number(body.form_started_at);
    expect(startedAt).toBeGreaterThanOrEqual(openedAt - 50);
    expect(startedAt).toBeLessThanOrEqual(typedAt);
    // How long it was shown, by the browser's own clock: what the server's check goes by.
    expect(body.form_fill_ms).toBeGreaterThanOrEqual(sentAt - typedAt - 50);
    expect(body.form_fill_ms).toBeLessThanOrEqual(sentAt - openedAt + 50);
  });

  test("goes by the browser's own measure: a device clock 20 s ahead of the server's is no bot", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const AHEAD = 20_000;
      const now = Date.now.bind(Date);
      Date.now = () => now() + AHEAD;
      const origin = performance.timeOrigin;
      Object.defineProperty(performance, 'timeOrigin', { get: () => origin + AHEAD });
    });
    await page.goto('/contact-us');
    await waitForHydration(page);
    const email = `clock-ahead-${Date.now()}@example.com`;
    await fill(page, 'contact-form', {
      firstName: 'Ines',
      lastName: 'Ahead',
      email,
      message: 'My phone thinks it is twenty seconds later than it is.',
    });
    await page.waitForTimeout(3000);
    await page.locator('#contact-form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: /Your message has been sent/ })).toBeVisible();
    // Stored as a real lead: the list of spam does not have it, the list of accepted leads does.
    const listed = async (status: string) =>
      (await leadsCommand(['list', '--status', status, '--limit', '500'])).stdout;
    expect(await listed('accepted')).toContain(email);
    expect(await listed('spam')).not.toContain(email);
  });

  test('starts when it opens for a form the page mounts later (the growth audit dialog)', async ({
    page,
  }) => {
    await page.goto('/growth-audit');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await page.waitForTimeout(500);
    const openedAt = Date.now();
    await page
      .locator('[data-sticky-cta]')
      .getByRole('button', { name: 'Unlock My Blueprint' })
      .click();
    await fill(page, 'growth-audit-dialog-form', valid);
    const request = page.waitForRequest('**/api/leads/growth-audit');
    await page.getByRole('dialog').getByRole('button', { name: 'Send My Free Blueprint' }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    const sentAt = Date.now();
    expect(Number(body.form_started_at)).toBeGreaterThanOrEqual(openedAt - 50);
    expect(body.form_fill_ms).toBeLessThanOrEqual(sentAt - openedAt + 50);
  });

  test('a form filled in one go and sent at once waits for the minimum, then is stored as a lead, not spam', async ({
    page,
  }) => {
    await page.goto('/growth-audit');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    // Before the click, so that the page's own clock starts no earlier than this one.
    const beforeOpening = Date.now();
    await page
      .locator('[data-sticky-cta]')
      .getByRole('button', { name: 'Unlock My Blueprint' })
      .click();
    const email = `autofilled-${Date.now()}@example.com`;
    // As autofill does: every field at once, then straight to the button.
    await fill(page, 'growth-audit-dialog-form', { ...valid, email });
    const request = page.waitForRequest('**/api/leads/growth-audit');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send My Free Blueprint' }).click();
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(Date.now() - beforeOpening).toBeGreaterThanOrEqual(2500 - 50);
    expect(body.form_fill_ms).toBeGreaterThanOrEqual(2500);
    await expect(page).toHaveURL(/\/thank-you/);
    const listed = async (status: string) =>
      (await leadsCommand(['list', '--status', status, '--limit', '500'])).stdout;
    expect(await listed('accepted')).toContain(email);
    expect(await listed('spam')).not.toContain(email);
  });
});
