import { expect, test, waitForHydration } from './support/fixtures';

const sections = ['benefits', 'services', 'benchmarks', 'faq'] as const;

test.describe('header', () => {
  test('is translucent with blur at scrollY 49 and solid white with a shadow at 51', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const header = page.locator('header');

    await page.evaluate(() => window.scrollTo({ top: 49, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const top = await header.evaluate((element) => getComputedStyle(element));
    // White at 75% opacity (Chromium may report it in oklab or rgba notation).
    expect(top.backgroundColor).toMatch(/[/,]\s*0\.75\)$/);
    expect(top.backdropFilter).toContain('blur');
    expect(top.boxShadow).toBe('none');

    await page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    expect(await header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe(
      'none',
    );

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('stays in view on a tall screen, and scrolls away with the page on a short one', async ({
    page,
  }) => {
    const header = page.locator('header[data-site-header]');
    const bar = page.locator('[data-announcement-bar]');
    const pinned = async () =>
      [
        await header.evaluate((element) => getComputedStyle(element).position),
        await bar.evaluate((element) => getComputedStyle(element).position),
      ].every((position) => position === 'fixed');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/growth-audit');
    await waitForHydration(page);
    expect(await pinned()).toBe(true);

    // A phone held sideways (or a window zoomed to 200%): the bar, the header and the growth
    // audit's bottom bar would cover half of it, so none is pinned there.
    await page.setViewportSize({ width: 640, height: 360 });
    expect(await pinned()).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await expect(header).not.toBeInViewport();
    await expect(bar).not.toBeInViewport();
    await expect(page.locator('[data-sticky-cta]')).toBeHidden();
  });

  test('logo and brand name go home; Get Started goes to the growth audit', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Brightline AI' })).toHaveAttribute('href', '/');
    await expect(
      header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }),
    ).toHaveAttribute('href', '/growth-audit');
  });

  for (const id of sections) {
    test(`section link "${id}" scrolls smoothly to the section on /`, async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.evaluate(() => {
        const w = window as unknown as { scrollBehaviors: string[] };
        w.scrollBehaviors = [];
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (
          this: Element,
          options?: boolean | ScrollIntoViewOptions,
        ) {
          w.scrollBehaviors.push(
            typeof options === 'object' ? (options.behavior ?? 'auto') : 'auto',
          );
          original.call(this, options);
        };
      });
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: new RegExp(id, 'i') })
        .click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
      await expect(page.locator(`#${id}`)).toBeFocused();
      // Still on the same document: no navigation happened.
      expect(
        await page.evaluate(
          () => (window as unknown as { scrollBehaviors: string[] }).scrollBehaviors,
        ),
      ).toEqual(['smooth']);
      const headingTop = await page
        .locator(`#${id} h2`)
        .evaluate((element) => element.getBoundingClientRect().top);
      const headerBottom = await page
        .locator('header')
        .evaluate((element) => element.getBoundingClientRect().bottom);
      expect(headingTop).toBeGreaterThanOrEqual(headerBottom); // not hidden under the fixed header
      // It ends where an instant jump does: sections passed before being shown (content-visibility:
      // auto, an estimated height) leave it neither short nor beyond.
      await expect
        .poll(async () => {
          const before = await page.evaluate(() => window.scrollY);
          await page.waitForTimeout(250);
          return (await page.evaluate(() => window.scrollY)) === before;
        })
        .toBe(true);
      const landed = await page
        .locator(`#${id}`)
        .evaluate((element) => element.getBoundingClientRect().top);
      const jumped = await page.locator(`#${id}`).evaluate((element) => {
        element.scrollIntoView({ behavior: 'instant', block: 'start' });
        return element.getBoundingClientRect().top;
      });
      expect(Math.abs(landed - jumped)).toBeLessThanOrEqual(2);
    });
  }

  test('section links honour reduced motion by jumping instead of animating', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    // An instant jump is complete at once; a smooth scroll would still be on its way.
    expect(
      await page
        .locator('#faq')
        .evaluate((element) => element.getBoundingClientRect().top < window.innerHeight),
    ).toBe(true);
  });

  test('from another page a section link goes to / and scrolls there after about 100 ms', async ({
    page,
  }) => {
    // A public page: the 404 page is its own document, so its links load / afresh.
    await page.goto('/contact-us');
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as { scrollCalls: number[]; navigatedAt?: number };
      w.scrollCalls = [];
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (
        this: Element,
        options?: boolean | ScrollIntoViewOptions,
      ) {
        w.scrollCalls.push(performance.now());
        original.call(this, options);
      };
    });
    const clickedAt = await page.evaluate(() => performance.now());
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Benchmarks' })
      .click();
    await expect(page).toHaveURL(/\/#benchmarks$/);
    await expect(page.locator('#benchmarks')).toBeInViewport();
    // A client-side navigation: the same window, so the patched method saw the scroll.
    const calls = await page.evaluate(
      () => (window as unknown as { scrollCalls: number[] }).scrollCalls,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]! - clickedAt).toBeGreaterThanOrEqual(100);
    expect(calls[0]! - clickedAt).toBeLessThan(1500);
  });

  test('without JavaScript section links are plain links to the home page anchors', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/this-page-does-not-exist');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Services' })
      .click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator('#services')).toBeInViewport();
    await context.close();
  });
});
