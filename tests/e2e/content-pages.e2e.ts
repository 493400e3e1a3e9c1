import { expect, test, waitForHydration } from './support/fixtures';

/** Every page's own buttons, links and key copy, as docs/product.md section 4 gives them. */

async function hrefOf(
  page: import('@playwright/test').Page,
  name: string | RegExp,
  scope = 'main',
) {
  return page
    .locator(scope)
    .getByRole('link', { name, exact: typeof name === 'string' })
    .first()
    .getAttribute('href');
}

test.describe('content pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const pages: Array<[string, RegExp, string[]]> = [
    [
      '/ai-voice-agent',
      /answers every call/i,
      [
        'Natural Conversation',
        'Multi-Language',
        'CRM Integration',
        'Call Analytics',
        '24/7',
        'Unlimited Scale',
        'Continuous Learning',
      ],
    ],
    ['/ai-chatbot', /website assistant/i, ['What your chatbot does', 'See It in Action']],
    ['/appointment-scheduling', /book themselves/i, ['60%', 'Get Started']],
    ['/email-sms-automation', /follow up/i, ['Two-way SMS']],
    ['/crm-integration', /CRM/i, ['Over 500']],
    ['/review-management', /reviews/i, ['Automatic review requests']],
    ['/aria-voice-agent', /Aria/, ['How Aria works', 'Get Started', 'Schedule a Demo']],
    ['/aria-landing', /leasing call/i, ['24/7', '85%', '60%', 'Property or company name']],
    ['/property-management', /renters/i, ['Missed after-hours calls', 'Tour', 'qualif']],
    [
      '/growth-audit',
      /leads your business loses/i,
      ['Before and after AI automation', 'What happens next', 'First name'],
    ],
    ['/thank-you', /blueprint is on its way/i, ['spam', 'A note from our founder']],
    [
      '/services-overview',
      /front desk/i,
      ['24/7 Availability', 'Smart Booking', 'Human-like Conversation', '85%', '3x'],
    ],
    [
      '/how-it-works',
      /first ring/i,
      ['Customer Calls', 'Seamless Handoff', '100%', 'Under 3s', '95%'],
    ],
    ['/contact-demo', /live demo|in action/i, ['What to expect', 'Company']],
    ['/contact-us', /real person/i, ['Send Message', 'Live chat']],
    ['/privacy-policy', /Privacy Policy/, ['Effective September 2025']],
    ['/terms-conditions', /Terms & Conditions/, ['Effective September 2025']],
  ];

  for (const [path, heading, copy] of pages) {
    test(`${path} has its heading and key copy in the HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const snippet of copy)
        expect(text.toLowerCase(), snippet).toContain(snippet.toLowerCase());
    });
  }
});

test.describe('figures on narrow screens', () => {
  for (const [path, width] of [
    ['/how-it-works', 320],
    ['/how-it-works', 360],
    ['/ai-voice-agent', 320],
    ['/ai-voice-agent', 768],
  ] as const) {
    test(`${path} at ${width} px: each figure sits above its label, inside its cell`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      // The band of figures (how it works) or a service page's highlights.
      const cells = page.locator('section[aria-label] dl > div, #highlights dl > div');
      expect(await cells.count()).toBeGreaterThan(0);
      for (const cell of await cells.all()) {
        const box = (await cell.boundingBox())!;
        const figure = (await cell.locator('dd').boundingBox())!;
        const label = (await cell.locator('dt').boundingBox())!;
        expect(figure.y + figure.height).toBeLessThanOrEqual(label.y + 0.5);
        // Its text, not only its box: a word wider than the cell spills out of the dd's box.
        const spill = await cell.locator('dd').evaluate((dd) => dd.scrollWidth - dd.clientWidth);
        expect(spill).toBeLessThanOrEqual(0);
        expect(figure.x).toBeGreaterThanOrEqual(box.x - 0.5);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    });
  }
});

test.describe('content page targets', () => {
  test('/ai-voice-agent: See How It Works goes to /aria-voice-agent', async ({ page }) => {
    await page.goto('/ai-voice-agent');
    expect(await hrefOf(page, 'See How It Works')).toBe('/aria-voice-agent');
  });

  // The chat widget's own behaviour (states, errors, replies) is covered in chat.e2e.ts.
  test('/ai-chatbot: call to action to /growth-audit; See It in Action opens the chat widget', async ({
    page,
  }) => {
    await page.goto('/ai-chatbot');
    await waitForHydration(page);
    expect(await hrefOf(page, 'Get Your Free Growth Audit')).toBe('/growth-audit');
    const seeItInAction = page.locator('main').getByRole('button', { name: 'See It in Action' });
    await expect(seeItInAction).toHaveCount(2);
    await seeItInAction.first().click();
    await expect(page.getByRole('dialog', { name: 'Brightline AI Assistant' })).toBeVisible();
    await expect(page).toHaveURL(/\/ai-chatbot$/);
  });

  test('/appointment-scheduling: Get Started opens the chat widget (a link to /contact-us#chat until it does)', async ({
    page,
  }) => {
    await page.goto('/appointment-scheduling');
    await waitForHydration(page);
    const getStarted = page.locator('main').getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toHaveCount(2);
    for (const href of await getStarted.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    ))
      expect(href).toBe('/contact-us#chat');
    await getStarted.first().click();
    await expect(page.getByRole('dialog', { name: 'Brightline AI Assistant' })).toBeVisible();
    await expect(page).toHaveURL(/\/appointment-scheduling$/);
  });

  for (const path of ['/email-sms-automation', '/crm-integration', '/review-management']) {
    test(`${path}: calls to action go to /growth-audit and /contact-demo`, async ({ page }) => {
      await page.goto(path);
      const hrefs = await page
        .locator('main a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(new Set(hrefs)).toEqual(new Set(['/growth-audit', '/contact-demo']));
    });
  }

  test('/aria-voice-agent: calculator button, Get Started and Schedule a Demo', async ({
    page,
  }) => {
    await page.goto('/aria-voice-agent');
    expect(await hrefOf(page, 'Calculate Your Lost Revenue')).toBe('/revenue-calculator');
    expect(await hrefOf(page, 'Get Started')).toBe('/contact-demo');
    expect(await hrefOf(page, 'Schedule a Demo')).toBe('/contact-demo');
    await expect(page.locator('#how-aria-works ol > li')).toHaveCount(4);
    await expect(page.locator('#features ul > li > h3')).toHaveCount(6);
    const json = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(json['@type']).toBe('Service');
  });

  test('/aria-voice-agent: the 8-question FAQ opens one item at a time', async ({ page }) => {
    await page.goto('/aria-voice-agent');
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(8);
    await items.nth(0).locator('summary').click();
    await items.nth(5).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await expect(items.nth(5)).toHaveAttribute('open', '');
    await items.nth(5).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(0);
  });

  test('/aria-landing: the same 8 questions in more detail, and the sign-up form', async ({
    page,
  }) => {
    await page.goto('/aria-landing');
    const landing = await page.locator('#faq summary').allTextContents();
    const landingAnswers = await page.locator('#faq details p').allTextContents();
    await page.goto('/aria-voice-agent');
    expect(await page.locator('#faq summary').allTextContents()).toEqual(landing);
    const shortAnswers = await page.locator('#faq details p').allTextContents();
    landingAnswers.forEach((answer, index) =>
      expect(answer.length).toBeGreaterThan(shortAnswers[index]!.length),
    );
    await page.goto('/aria-landing');
    const form = page.locator('#aria-signup-form');
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Property or company name',
      'Number of units',
    ]) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    expect(await form.locator('select[name="units"] option').allTextContents()).toEqual([
      'Select a range',
      '1-25 units',
      '26-50 units',
      '51-100 units',
      '101-250 units',
      '250+ units',
    ]);
  });

  test('/property-management links to Aria, the calculator and a demo', async ({ page }) => {
    await page.goto('/property-management');
    const hrefs = await page
      .locator('main a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of ['/aria-voice-agent', '/revenue-calculator', '/contact-demo'])
      expect(hrefs).toContain(href);
  });

  test('/services-overview: hero and closing both offer How It Works and the voice demo', async ({
    page,
  }) => {
    await page.goto('/services-overview');
    await expect(
      page.locator('main').getByRole('link', { name: 'Learn How It Works' }),
    ).toHaveCount(2);
    for (const href of await page
      .locator('main')
      .getByRole('link', { name: 'Learn How It Works' })
      .evaluateAll((l) => l.map((a) => a.getAttribute('href')))) {
      expect(href).toBe('/how-it-works');
    }
    await expect(page.locator('main [data-voice-demo]')).toHaveCount(2);
    const cards = page.locator('#features h3');
    await expect(cards).toHaveText([
      '24/7 Availability',
      'Smart Booking',
      'Human-like Conversation',
    ]);
    for (const card of await cards.all())
      await expect(card.locator('xpath=..').locator('ul > li')).toHaveCount(3);
  });

  test('/how-it-works: five steps in order, See Your ROI and Book a Demo', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.locator('#steps ol h3')).toHaveText([
      /Customer Calls/,
      /AI Conversation/,
      /Information Gathering/,
      /Action Execution/,
      /Seamless Handoff/,
    ]);
    expect(await hrefOf(page, 'See Your ROI')).toBe('/revenue-calculator');
    expect(await hrefOf(page, 'Book a Demo')).toBe('/contact-demo');
    // With JavaScript the voice demo is a button (voice-demo.e2e.ts); without, a link.
    await expect(page.locator('#demo [data-voice-demo]')).toHaveCount(1);
    await expect(
      page.locator('#demo').getByRole('button', { name: 'Try the Live Voice Demo' }),
    ).toHaveCount(1);
  });

  test('/thank-you: the bonus showcase button goes to the home page showcase', async ({ page }) => {
    await page.goto('/thank-you');
    expect(await hrefOf(page, 'See the Bonus Showcase')).toBe('/#showcase');
    await page.getByRole('link', { name: 'See the Bonus Showcase' }).click();
    await expect(page).toHaveURL(/\/#showcase$/);
    await expect(page.locator('#showcase')).toBeInViewport();
    await expect(page.locator('main')).toContainText('Your growth toolkit');
  });

  for (const path of ['/contact-demo', '/contact-us']) {
    test(`${path}: contact details use the configured phone and email`, async ({ page }) => {
      await page.goto(path);
      const aside = page.getByRole('region', { name: 'About getting in touch' });
      await expect(aside.getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute(
        'href',
        'tel:+15550100199',
      );
      await expect(aside.getByRole('link', { name: 'hello@example-agency.test' })).toHaveAttribute(
        'href',
        'mailto:hello@example-agency.test',
      );
      await expect(aside).toContainText('24/7');
    });
  }

  test('/contact-us: the Live Chat item dispatches open-chat-widget and the chat opens', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { opened: number }).opened = 0;
      window.addEventListener('open-chat-widget', (event) => {
        (window as unknown as { opened: number }).opened += 1;
        event.preventDefault();
      });
    });
    await page.getByRole('link', { name: /Live chat/ }).click();
    expect(await page.evaluate(() => (window as unknown as { opened: number }).opened)).toBe(1);
    await expect(page.getByRole('dialog', { name: 'Brightline AI Assistant' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  for (const path of ['/privacy-policy', '/terms-conditions']) {
    test(`${path}: effective date, sections and Back to Home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toContainText('Effective September 2025');
      const headings = (await page.locator('main h2').allTextContents()).join(' | ');
      const required =
        path === '/privacy-policy'
          ? [
              'Information we collect',
              'How we use information',
              'How we share information',
              'How we protect information',
              'Your choices',
              'Updates',
            ]
          : [
              'Use of service',
              'Accounts',
              'Intellectual property',
              'Disclaimer',
              'Limitation of liability',
              'Changes',
              'Contact',
            ];
      for (const heading of required) expect(headings).toContain(heading);
      expect(await hrefOf(page, 'Back to Home')).toBe('/');
    });
  }

  test('/aria-landing is noindex and not in the sitemap', async ({ page, request }) => {
    await page.goto('/aria-landing');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, follow',
    );
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/aria-landing');
  });
});
