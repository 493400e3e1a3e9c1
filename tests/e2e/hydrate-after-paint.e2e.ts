import { routes } from '../../src/content/routes';
import { expect, test, waitForHydration } from './support/fixtures';

// Every prerendered page paints first and then asks for the framework's scripts (scripts/hydrate-after-paint.mjs):
// no start-up chunk is requested before the first contentful paint, and the page still hydrates.

test.describe('the framework loads after the first paint', () => {
  for (const { path } of routes) {
    test(`${path}: no start-up script requested before first contentful paint, then hydrated`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const { fcp, chunks } = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        chunks: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_next\/static\/chunks\/.+\.js/.test(entry.name))
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(fcp, 'a first contentful paint').toBeGreaterThan(0);
      expect(chunks.length, 'start-up chunks were loaded').toBeGreaterThan(3);
      const early = chunks.filter((chunk) => chunk.start < fcp!);
      expect(early, `requested before first contentful paint at ${Math.round(fcp!)} ms`).toEqual([]);
      // Hydrated: a client-only behaviour works (the header turns solid past 50 px of scroll).
      expect(await page.locator('script[data-after-paint]').count()).toBe(1);
      await page.evaluate(() => window.scrollTo(0, 120));
      await expect(page.locator('header[data-scrolled]').first()).toHaveAttribute('data-scrolled', 'true');
    });
  }
});
