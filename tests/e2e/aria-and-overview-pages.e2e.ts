import type { Page } from '@playwright/test';
import { ariaFaq, ariaFaqDetailed, ariaSignup } from '../../src/content/pages/aria';
import { howItWorksSteps } from '../../src/content/pages/overview';
import { BRAND, SITE_URL } from './support/servers';
import { expect, test, waitForHydration } from './support/fixtures';

/**
 * The Aria pages, /property-management, /services-overview and /how-it-works:
 * what a visitor reads, where every button goes, and the FAQ rules.
 * (content-pages.e2e.ts checks the basics; this file checks each page whole.)
 */

/** Every link target inside <main>, with its accessible name. */
async function mainLinks(page: Page) {
  return page
    .locator('main a')
    .evaluateAll((links) =>
      links.map((link) => ({
        name: (link.textContent ?? '').trim(),
        href: link.getAttribute('href'),
      })),
    );
}

const stepTitles = [
  'Customer Calls',
  'AI Conversation',
  'Information Gathering',
  'Action Execution',
  'Seamless Handoff',
];

test.describe('Aria and overview pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const pages: Array<[string, RegExp, string[]]> = [
    [
      '/aria-voice-agent',
      /Aria/,
      [
        'What Aria does',
        'How Aria works',
        'Calculate Your Lost Revenue',
        'What is Aria?',
        'How do we get started?',
      ],
    ],
    [
      '/aria-landing',
      /leasing call/i,
      [
        '24/7',
        '85%',
        'lead conversion',
        '60%',
        'time saved',
        ariaSignup.heading,
        ariaSignup.nextSteps.heading,
      ],
    ],
    [
      '/property-management',
      /renters/i,
      [
        '50% of after-hours calls',
        '24/7',
        '85%',
        '60%',
        '71% expect a reply within 24 h',
        'Tours booked',
        'qualified',
      ],
    ],
    [
      '/services-overview',
      /front desk/i,
      [
        '24/7 Availability',
        'Smart Booking',
        'Human-like Conversation',
        '85%',
        'cost reduction',
        '3x',
        'faster response',
      ],
    ],
    [
      '/how-it-works',
      /first ring/i,
      [
        'apartment community',
        ...stepTitles,
        '100%',
        'call coverage',
        'Under 3s',
        '95%',
        'accuracy',
      ],
    ],
  ];

  for (const [path, heading, copy] of pages) {
    test(`${path} serves one h1 and its copy as HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const snippet of copy) expect(text, snippet).toContain(snippet);
    });
  }

  test('the voice demo books a live demo: a link to /contact-demo on /services-overview (twice) and /how-it-works', async ({
    page,
  }) => {
    for (const [path, count] of [
      ['/services-overview', 2],
      ['/how-it-works', 1],
    ] as const) {
      await page.goto(path);
      const voice = page.locator('main [data-voice-demo]');
      await expect(voice).toHaveCount(count);
      for (const control of await voice.all()) {
        await expect(control).toHaveJSProperty('tagName', 'A');
        await expect(control).toHaveAttribute('href', '/contact-demo');
        await expect(control).toHaveText('Try the Live Voice Demo');
      }
    }
  });

  test('/aria-voice-agent: the FAQ is exclusive without any script', async ({ page }) => {
    await page.goto('/aria-voice-agent');
    const items = page.locator('#faq details');
    await items.nth(1).locator('summary').click();
    await items.nth(2).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await expect(items.nth(2)).toHaveAttribute('open', '');
  });

  test('/how-it-works: the five steps come in order', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.locator('#steps ol > li h3')).toHaveText(
      stepTitles.map((title) => new RegExp(title)),
    );
  });
});

test.describe('/aria-voice-agent', () => {
  test('shows six features, four steps and the 8 questions with their short answers', async ({
    page,
  }) => {
    await page.goto('/aria-voice-agent');
    await expect(page.locator('#features h3')).toHaveCount(6);
    await expect(page.locator('#how-aria-works ol > li')).toHaveCount(4);
    await expect(page.locator('#faq summary')).toHaveText(
      ariaFaq.items.map((item) => item.question),
    );
    await expect(page.locator('#faq details p')).toHaveText(
      ariaFaq.items.map((item) => item.answer),
    );
  });

  test('FAQ: all closed at first, one open at a time, clicking the open one closes it, keyboard works', async ({
    page,
  }) => {
    await page.goto('/aria-voice-agent');
    const items = page.locator('#faq details');
    const open = page.locator('#faq details[open]');
    await expect(items).toHaveCount(8);
    await expect(open).toHaveCount(0);
    for (const index of [0, 3, 7]) {
      await items.nth(index).locator('summary').click();
      await expect(open).toHaveCount(1);
      await expect(items.nth(index)).toHaveAttribute('open', '');
      await expect(items.nth(index).locator('p')).toBeVisible();
    }
    await items.nth(7).locator('summary').click();
    await expect(open).toHaveCount(0);
    await items.nth(4).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(4)).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(open).toHaveCount(0);
  });

  test('every button: Get Started and Schedule a Demo to /contact-demo, the calculator to /revenue-calculator', async ({
    page,
  }) => {
    await page.goto('/aria-voice-agent');
    const links = await mainLinks(page);
    expect(links).toEqual([
      { name: 'Get Started', href: '/contact-demo' },
      { name: 'Schedule a Demo', href: '/contact-demo' },
      { name: 'Calculate Your Lost Revenue', href: '/revenue-calculator' },
      { name: 'Get Started', href: '/contact-demo' },
      { name: 'Schedule a Demo', href: '/contact-demo' },
    ]);
    await page.locator('main').getByRole('link', { name: 'Schedule a Demo' }).first().click();
    await expect(page).toHaveURL(/\/contact-demo$/);
  });

  test('describes itself as a Service provided by the brand (JSON-LD)', async ({ page }) => {
    await page.goto('/aria-voice-agent');
    const json = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(json['@context']).toBe('https://schema.org');
    expect(json['@type']).toBe('Service');
    expect(json.url).toBe(`${SITE_URL}/aria-voice-agent`);
    expect(json.provider).toMatchObject({ '@type': 'Organization', name: BRAND });
  });
});

test.describe('/aria-landing', () => {
  test('is noindex and appears in neither the sitemap nor the navigation', async ({
    page,
    request,
  }) => {
    await page.goto('/aria-landing');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/aria-voice-agent');
    expect(sitemap).not.toContain('/aria-landing');
    await expect(
      page.locator('header a[href="/aria-landing"], footer a[href="/aria-landing"]'),
    ).toHaveCount(0);
  });

  test('Sign Up Now jumps to the sign-up section, which says what happens next', async ({
    page,
  }) => {
    await page.goto('/aria-landing');
    await waitForHydration(page); // until then the form's no-JavaScript outcome panels (hidden) are in the page too
    const links = await mainLinks(page);
    expect(links).toEqual([{ name: 'Sign Up Now', href: '#signup' }]);
    await page.getByRole('link', { name: 'Sign Up Now' }).click();
    await expect(page).toHaveURL(/#signup$/);
    const signup = page.getByRole('region', { name: ariaSignup.heading });
    await expect(signup).toHaveAttribute('id', 'signup');
    await expect(signup).toBeInViewport();
    await expect(
      signup.getByRole('heading', { level: 3, name: ariaSignup.nextSteps.heading }),
    ).toBeVisible();
    await expect(signup.locator('li')).toContainText([...ariaSignup.nextSteps.items]);
  });

  test('shows the stats and the same 8 questions as /aria-voice-agent, answered in more detail', async ({
    page,
  }) => {
    await page.goto('/aria-landing');
    const stats = page.getByRole('region', { name: 'Aria by the numbers' });
    for (const value of ['24/7', '85%', 'lead conversion', '60%', 'time saved'])
      await expect(stats).toContainText(value);
    expect(ariaFaqDetailed.items.map((item) => item.question)).toEqual(
      ariaFaq.items.map((item) => item.question),
    );
    await expect(page.locator('#faq summary')).toHaveText(
      ariaFaq.items.map((item) => item.question),
    );
    await expect(page.locator('#faq details p')).toHaveText(
      ariaFaqDetailed.items.map((item) => item.answer),
    );
    ariaFaqDetailed.items.forEach((item, index) =>
      expect(item.answer.length).toBeGreaterThan(ariaFaq.items[index]!.answer.length),
    );
    const items = page.locator('#faq details');
    await items.nth(0).locator('summary').click();
    await items.nth(1).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
  });
});

test.describe('/property-management', () => {
  test('every button goes to Aria, the revenue calculator or a demo', async ({ page }) => {
    await page.goto('/property-management');
    const links = await mainLinks(page);
    expect(new Set(links.map((link) => link.href))).toEqual(
      new Set(['/aria-voice-agent', '/revenue-calculator', '/contact-demo']),
    );
    expect(links).toContainEqual({ name: 'Meet Aria', href: '/aria-voice-agent' });
    expect(links).toContainEqual({
      name: 'Calculate Your Lost Revenue',
      href: '/revenue-calculator',
    });
    expect(links).toContainEqual({ name: 'Book a Demo', href: '/contact-demo' });
    await page.locator('main').getByRole('link', { name: 'Meet Aria' }).first().click();
    await expect(page).toHaveURL(/\/aria-voice-agent$/);
  });

  test('covers after-hours calls, tour booking and lead qualification', async ({ page }) => {
    await page.goto('/property-management');
    await expect(page.locator('#problems h3')).toHaveText([
      'Missed after-hours calls',
      'Slow tour booking',
      'Unqualified leads',
    ]);
    await expect(page.locator('#solution ol > li')).toHaveCount(4);
  });
});

test.describe('/services-overview', () => {
  test('hero and closing each offer Learn How It Works and the voice demo; nothing else', async ({
    page,
  }) => {
    await page.goto('/services-overview');
    // With JavaScript the voice demo is a button that opens the live call (voice-demo.e2e.ts drives it).
    await expect(
      page.locator('main').getByRole('button', { name: 'Try the Live Voice Demo' }),
    ).toHaveCount(2);
    await expect(page.locator('main [data-voice-demo]')).toHaveCount(2);
    const links = await mainLinks(page);
    expect(links.map((link) => link.href)).toEqual(['/how-it-works', '/how-it-works']);
    await page.locator('main').getByRole('link', { name: 'Learn How It Works' }).first().click();
    await expect(page).toHaveURL(/\/how-it-works$/);
  });

  test('three feature cards with exactly three benefits each, and the three stats', async ({
    page,
  }) => {
    await page.goto('/services-overview');
    const cards = page.locator('#features li:has(> h3)');
    await expect(cards.locator('h3')).toHaveText([
      '24/7 Availability',
      'Smart Booking',
      'Human-like Conversation',
    ]);
    for (const card of await cards.all()) await expect(card.locator('ul > li')).toHaveCount(3);
    const stats = page.getByRole('region', { name: 'Results at a glance' });
    for (const value of ['24/7', '85%', 'cost reduction', '3x', 'faster response'])
      await expect(stats).toContainText(value);
  });
});

test.describe('/how-it-works', () => {
  test('the five steps in order, from the content module', async ({ page }) => {
    await page.goto('/how-it-works');
    expect(howItWorksSteps.steps.map((step) => step.title)).toEqual(stepTitles);
    await expect(page.locator('#steps ol > li h3')).toHaveText(
      stepTitles.map((title) => new RegExp(title)),
    );
  });

  test('voice demo in the demo section; See Your ROI and Book a Demo', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.locator('#demo')).toContainText('apartment community');
    await expect(
      page.locator('#demo').getByRole('button', { name: 'Try the Live Voice Demo' }),
    ).toHaveCount(1);
    await expect(page.locator('main [data-voice-demo]')).toHaveCount(1);
    const links = await mainLinks(page);
    expect(links).toEqual([
      { name: 'See Your ROI', href: '/revenue-calculator' },
      { name: 'Book a Demo', href: '/contact-demo' },
    ]);
    const stats = page.getByRole('region', { name: 'By the numbers' });
    for (const value of ['100%', 'call coverage', 'Under 3s', '95%', 'accuracy', '24/7'])
      await expect(stats).toContainText(value);
  });
});
