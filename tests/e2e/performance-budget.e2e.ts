import type { Page } from '@playwright/test';
import { routes } from '../../src/content/routes';
import { expect, test } from './support/fixtures';

/** The home page may ship at most this much JavaScript (gzipped) above the emptiest route. */
const HOME_JS_BUDGET_BYTES = 25 * 1024;

/** Gzipped bytes of every script the page loaded up to the load event (nothing clicked). */
async function scriptBytes(page: Page, path: string): Promise<number> {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
}

test('the home page ships at most 25 KB of JavaScript above the framework floor', async ({ page }) => {
  test.setTimeout(90_000);
  const sizes = new Map<string, number>();
  for (const route of routes) sizes.set(route.path, await scriptBytes(page, route.path));
  const floor = Math.min(...sizes.values());
  const home = sizes.get('/')!;
  test.info().annotations.push({ type: 'js-bytes', description: `home ${home} B, floor ${floor} B, above floor ${home - floor} B` });
  expect(floor).toBeGreaterThan(50_000); // sanity: the framework itself was measured, compressed
  expect(home - floor).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});

test('loading and scrolling the home page shifts no layout (CLS 0)', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { cls: number }).cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/', { waitUntil: 'load' });
  for (let y = 0; y < 6000; y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);
});
