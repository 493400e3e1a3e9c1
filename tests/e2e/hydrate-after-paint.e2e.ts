import { routes } from '../../src/content/routes';
import { expect, startupScriptUrls, test, waitForHydration } from './support/fixtures';

// Every prerendered page requests no script before its first contentful paint, every start-up
// script of the manifest after it, and still hydrates.

test.describe('the framework loads after the first paint', () => {
  for (const { path } of routes) {
    test(`${path}: no script requested before first contentful paint, then hydrated`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForHydration(page);
      const { fcp, scripts } = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(fcp, 'a first contentful paint').toBeGreaterThan(0);
      const startup = startupScriptUrls(path);
      expect(startup.length, 'start-up scripts in the manifest').toBeGreaterThan(3);
      expect(scripts.map((script) => script.url)).toEqual(expect.arrayContaining(startup));
      const early = scripts.filter((script) => script.start < fcp!);
      expect(early, `requested before first contentful paint at ${Math.round(fcp!)} ms`).toEqual(
        [],
      );
      // Hydrated: a client-only behaviour works (the header turns solid past 50 px of scroll).
      await page.evaluate(() => window.scrollTo(0, 120));
      await expect(page.locator('header[data-scrolled]').first()).toHaveAttribute(
        'data-scrolled',
        'true',
      );
    });
  }
});
