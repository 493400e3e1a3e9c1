import { APP_URL } from './support/servers';
import { dataLayer, expect, test, waitForHydration } from './support/fixtures';

const DAY = 24 * 60 * 60 * 1000;
const bar = '[data-announcement-bar]';

test.describe('announcement bar', () => {
  test('links to the web app with the global bar tracking parameters', async ({ page }) => {
    await page.goto('/');
    const link = page.locator(bar).getByRole('link', { name: 'Try it free' });
    await expect(page.locator(bar)).toContainText('AI growth app is live');
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.origin).toBe(new URL(APP_URL).origin);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      utm_source: 'website',
      utm_medium: 'announcement',
      utm_campaign: 'global_bar',
    });
  });

  test('its link and close button show a white focus ring on the dark bar', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    for (const name of ['Try it free', 'Dismiss announcement']) {
      const control = page.locator(bar).getByRole(name === 'Try it free' ? 'link' : 'button', {
        name,
      });
      await control.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab'); // focused from the keyboard, so :focus-visible applies
      await expect(control).toBeFocused();
      await expect(control).toHaveCSS('outline-color', 'rgb(255, 255, 255)');
    }
  });

  for (const width of [320, 375, 1280]) {
    test(`shows its whole message and link, clear of the close button, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto('/');
      const link = (await page
        .locator(bar)
        .getByRole('link', { name: 'Try it free' })
        .boundingBox())!;
      const close = (await page.locator(bar).getByRole('button').boundingBox())!;
      const text = page.locator(`${bar} p`);
      // Nothing is cut off: the line fits its box, and the link ends before the close button.
      expect(await text.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
      expect(link.x + link.width).toBeLessThanOrEqual(close.x);
      expect(link.x).toBeGreaterThanOrEqual(0);
    });
  }

  test('pushes cta_click global_bar_try_app to the data layer when the link is clicked', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    // Keep the page here so the data layer can be read after the click.
    await page.evaluate(() =>
      document
        .querySelector('[data-announcement-bar] a')!
        .addEventListener('click', (event) => event.preventDefault()),
    );
    await page.locator(bar).getByRole('link', { name: 'Try it free' }).click();
    expect(await dataLayer(page)).toContainEqual({
      event: 'cta_click',
      cta_id: 'global_bar_try_app',
    });
  });

  test('following the link opens the web app', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator(bar).getByRole('link', { name: 'Try it free' }).click();
    await expect(page).toHaveURL(/utm_campaign=global_bar/);
    await expect(page.getByRole('heading', { name: 'Web app' })).toBeVisible();
  });

  test('close button hides it, stores the time and keeps it hidden after a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const before = Date.now();
    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(page.locator(bar)).toBeHidden();
    const stored = Number(
      await page.evaluate(() => localStorage.getItem('announcement_dismissed_at')),
    );
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
    // The header moves up into the space the bar left.
    await expect(page.locator('header')).toHaveCSS('top', '0px');

    await page.reload();
    await expect(page.locator(bar)).toBeHidden();
    await expect(page.locator('header')).toHaveCSS('top', '0px');
  });

  test('a dismissed bar is hidden before the first paint and shifts nothing', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('announcement_dismissed_at', String(Date.now() - 60_000));
      // Record layout shifts from the very start of the load.
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shifts: number }).shifts += (
            entry as unknown as { value: number }
          ).value;
      }).observe({ type: 'layout-shift', buffered: true });
      // What the parser has produced when the body starts: the decision is made in <head>.
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { stateAtParse: string | undefined }).stateAtParse =
            document.documentElement.dataset.announcement;
        }
      });
    });
    await page.goto('/');
    expect(
      await page.evaluate(() => (window as unknown as { stateAtParse?: string }).stateAtParse),
    ).toBe('dismissed');
    await expect(page.locator(bar)).toBeHidden();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  });

  test('returns once the dismissal is older than 7 days', async ({ page }) => {
    await page.addInitScript(
      (age) => {
        localStorage.setItem('announcement_dismissed_at', String(Date.now() - age));
      },
      7 * DAY + 60_000,
    );
    await page.goto('/');
    await expect(page.locator(bar)).toBeVisible();
  });

  test('is still honoured just under 7 days later', async ({ page }) => {
    await page.addInitScript(
      (age) => {
        localStorage.setItem('announcement_dismissed_at', String(Date.now() - age));
      },
      7 * DAY - 60_000,
    );
    await page.goto('/');
    await expect(page.locator(bar)).toBeHidden();
  });
});
