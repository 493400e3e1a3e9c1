import type { Page } from '@playwright/test';
import { routes } from '../../src/content/routes';
import {
  expect,
  expectNoLayoutShift,
  recordLayoutShifts,
  startupScriptUrls,
  test,
} from './support/fixtures';

/** The home page may ship at most this much JavaScript (gzipped) above the emptiest route. */
const HOME_JS_BUDGET_BYTES = 25 * 1024;

/**
 * Gzipped bytes of every script the page fetched untouched, Next's prefetches for links in view
 * included: a visitor on a slow connection pays for those too.
 */
async function scriptBytes(page: Page, path: string): Promise<number> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming).initiatorType === 'script' ||
          entry.name.endsWith('.js'),
      )
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
}

test('the home page ships at most 25 KB of JavaScript above the framework floor', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sizes = new Map<string, number>();
  for (const route of routes) sizes.set(route.path, await scriptBytes(page, route.path));
  const floor = Math.min(...sizes.values());
  const home = sizes.get('/')!;
  const summary = `JavaScript (gzipped): / ${home} B, emptiest route ${floor} B, / above floor ${home - floor} B`;
  test.info().annotations.push({ type: 'js-bytes', description: summary });
  console.log(summary);
  expect(floor).toBeGreaterThan(50_000); // sanity: the framework itself was measured, compressed
  expect(home - floor).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
});

test('loading and scrolling the home page shifts no layout (CLS 0)', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/', { waitUntil: 'load' });
  for (let y = 0; y < 6000; y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(300);
  await expectNoLayoutShift(page);
});

test('every script a page loads at start-up carries the V8 compile hint (npm run build adds it)', async ({
  request,
}) => {
  for (const path of ['/', '/contact-us', '/revenue-calculator']) {
    const sources = startupScriptUrls(path);
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources)
      expect(
        (await (await request.get(src)).text()).startsWith('//# allFunctionsCalledOnLoad\n'),
        src,
      ).toBe(true);
  }
});

test("every public page carries the site's chrome once, not again for a not-found boundary it never shows", async ({
  request,
}) => {
  // Next would send a root not-found.tsx's whole tree with every page (global-not-found.tsx avoids
  // it). The footer names its heading twice in the markup and twice in the RSC payload; more is a
  // footer that is never shown.
  for (const route of routes) {
    const html = await (await request.get(route.path)).text();
    expect(html.split('footer-cta-heading').length - 1, route.path).toBeLessThanOrEqual(4);
  }
});
