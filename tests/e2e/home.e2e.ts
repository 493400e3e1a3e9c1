import { APP_URL } from './support/servers';
import { expect, test, waitForHydration } from './support/fixtures';

test.describe('home page', () => {
  test('has its six sections in order with the section ids the header links to', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const ids = await page
      .locator('main section[id]')
      .evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(['benefits', 'services', 'benchmarks', 'faq']);
    await expect(page.locator('#benefits h2')).toHaveText('Why Choose AI Automation');
    await expect(page.locator('#services h2')).toHaveText('What We Do');
    await expect(page.locator('#benchmarks h2')).toHaveText('Industry Benchmarks');
    await expect(page.getByRole('region', { name: 'Results at a glance' })).toBeVisible();
  });

  test('hero shows the six-card services showcase and the web app link with its tracking', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#showcase li h3')).toHaveText([
      'SEO',
      'Websites',
      'AI Content',
      'Google Business Profile',
      'Review Engine',
      'Citations',
    ]);
    // No card opens the modal: the cards hold no link or button.
    await expect(page.locator('#showcase li').locator('a, button')).toHaveCount(0);
    const href = new URL(
      (await page.getByRole('link', { name: 'Try Our Web App' }).getAttribute('href'))!,
    );
    expect(href.origin).toBe(new URL(APP_URL).origin);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      utm_source: 'website',
      utm_medium: 'hero',
      utm_campaign: 'services_showcase',
    });
  });

  test('uses the claims of docs/product.md section 12 verbatim', async ({ page }) => {
    await page.goto('/');
    const text = (await page.locator('main').textContent()) ?? ''; // closed FAQ answers included
    for (const claim of [
      '87%',
      '250%',
      'ROI within 6 months',
      '30 hrs',
      '99.9%',
      '300% efficiency',
      '20-40 hrs per week',
      '150% lead conversion',
      '60% fewer no-shows',
      '24/7',
      'over 500 tools',
      'positive ROI within about 60 days',
      '2-3 business days',
      '48 hours',
      '24-48 hours quick setup',
      'within 24 hours',
    ]) {
      expect(text, claim).toContain(claim);
    }
  });

  test('Learn More links go, in order, to the six service pages', async ({ page }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('#services [data-learn-more]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual([
      '/services-overview',
      '/ai-chatbot',
      '/appointment-scheduling',
      '/email-sms-automation',
      '/crm-integration',
      '/review-management',
    ]);
    await expect(page.locator('#services [data-learn-more]').first()).toHaveAccessibleName(
      /Learn More about AI Voice Agents/,
    );
  });

  test('benchmarks show each figure with its source', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('#benchmarks li');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      await expect(card).toContainText(/Source: \S+/);
    }
    await expect(cards.first()).toContainText('50%');
    await expect(page.locator('#benchmarks')).toContainText('71%');
    await expect(page.locator('#benchmarks')).toContainText('35%');
    await expect(page.locator('#benchmarks')).toContainText('40%');
    // A heading reads as a whole sentence, figure first.
    await expect(
      page.getByRole('heading', { level: 3, name: '50% of after-hours calls are missed' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: '71% expect a reply within 24 h' }),
    ).toBeVisible();
  });

  test('FAQ keeps one item open at a time and closes the open one when clicked', async ({
    page,
  }) => {
    await page.goto('/');
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(6);
    const openCount = () => page.locator('#faq details[open]').count();
    expect(await openCount()).toBe(0);

    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(0).getByRole('paragraph')).toBeVisible();

    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    expect(await openCount()).toBe(1);

    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).not.toHaveAttribute('open');
    expect(await openCount()).toBe(0);
  });

  test('FAQ works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const first = page.locator('#faq summary').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#faq details').first()).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(page.locator('#faq details').first()).not.toHaveAttribute('open');
  });

  test.describe('web app preview modal', () => {
    test.beforeEach(async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
    });

    test('opens the app at 94vw by 84vh with a Close button', async ({
      page,
      externalRequests,
    }) => {
      expect(externalRequests).toEqual([]); // the frame is not loaded before it is asked for
      // Nor is it in the page: every <iframe> parsed is a document made during the page's load.
      await expect(page.locator('iframe')).toHaveCount(0);
      // Heard out of its row, the button says what it previews and that it opens a dialog.
      const preview = page.getByRole('button', { name: 'Preview the web app', exact: true });
      await expect(preview).toHaveAttribute('aria-haspopup', 'dialog');
      await preview.click();
      const dialog = page.getByRole('dialog', { name: 'Web app preview' });
      await expect(dialog).toBeVisible();
      // Painted first, then modal (lib/dialog-script.ts): the page behind is inert.
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
      expect(await page.evaluate(() => document.elementFromPoint(5, 5)?.tagName)).toBe('DIALOG');
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      const box = (await dialog.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.width).toBeCloseTo(viewport.width * 0.94, 0);
      expect(box.height).toBeCloseTo(viewport.height * 0.84, 0);
      const frame = dialog.locator('iframe');
      await expect(frame).toHaveAttribute('src', /utm_campaign=services_showcase/);
      await expect(frame).toHaveAttribute('title', 'Web app preview');
      // The frame fills the dialog below its title bar.
      const frameBox = (await frame.boundingBox())!;
      expect(frameBox.width).toBeCloseTo(box.width, 0);
      expect(frameBox.height).toBeGreaterThan(box.height * 0.8);
      await expect(
        page.frameLocator('dialog iframe').getByRole('heading', { name: 'Web app' }),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    });

    test('closes with the Close button and returns focus to Preview', async ({ page }) => {
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      // The app's frame is gone: each opening starts afresh.
      await expect(page.locator('dialog iframe')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
    });

    test('closes with Escape and returns focus to Preview', async ({ page }) => {
      await page.getByRole('button', { name: 'Preview' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
    });

    test('closes on a backdrop click but not on a click inside', async ({ page }) => {
      await page.getByRole('button', { name: 'Preview' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Web app preview' }).click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 5); // outside the 94vw x 84vh box: the backdrop
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
    });

    test('keeps keyboard focus inside while open, while the app loads and once it has', async ({
      page,
    }) => {
      // Hold the app's response, so the frame stays mid-navigation while Tab goes round: a loading
      // frame is not in the Tab order (lib/dialog-script.ts says why).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.href.startsWith(APP_URL),
        async (route) => {
          await held;
          await route.fallback();
        },
      );
      await page.getByRole('button', { name: 'Preview' }).click();
      const dialog = page.getByRole('dialog');
      // The <dialog> is always in the page; Tab means something only once showModal() has run.
      await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
      await expect(dialog.locator('iframe')).toHaveAttribute(
        'src',
        /utm_campaign=services_showcase/,
      );
      const focused = async () =>
        dialog.evaluate((element) =>
          element.contains(document.activeElement) ? document.activeElement!.tagName : 'outside',
        );
      for (const key of [...Array(6).fill('Tab'), ...Array(6).fill('Shift+Tab')]) {
        await page.keyboard.press(key);
        expect(await focused()).not.toMatch(/^(outside|IFRAME)$/);
      }
      release();
      await expect(
        page.frameLocator('dialog iframe').getByRole('heading', { name: 'Web app' }),
      ).toBeVisible();
      const reached = new Set<string>();
      for (const key of [...Array(8).fill('Tab'), ...Array(8).fill('Shift+Tab')]) {
        await page.keyboard.press(key);
        const tag = await focused();
        expect(tag).not.toBe('outside');
        reached.add(tag);
      }
      expect(reached, 'the loaded app is in the Tab order').toContain('IFRAME');
    });
  });
});
