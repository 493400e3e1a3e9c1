import { test as base, expect, type Page } from '@playwright/test';
import { APP_URL } from './servers';

type Fixtures = {
  /** Requests the page tried to make to any origin other than the test server. */
  externalRequests: string[];
  /** Console errors and uncaught exceptions; every test fails if any remain. */
  pageErrors: string[];
  /** Console errors a test provokes on purpose (a simulated 500, a refused connection). */
  expectedConsoleErrors: RegExp[];
};

/**
 * Every test runs offline from the outside world: the external web app is
 * answered by a stub page (so following its links works), anything else off
 * the loopback server is aborted and recorded. Console errors fail the test.
 */
export const test = base.extend<Fixtures>({
  externalRequests: [
    async ({ page }, use) => {
    const requests: string[] = [];
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      async (route) => {
        const url = route.request().url();
        requests.push(url);
        if (url.startsWith(APP_URL)) {
          await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Web app</title><h1>Web app</h1>' });
        } else if (url.startsWith('https://www.googletagmanager.com/')) {
          await route.fulfill({ contentType: 'text/javascript', body: '/* tag manager stand-in */' });
        } else {
          await route.abort('blockedbyclient');
        }
      },
    );
    await use(requests);
    },
    { auto: true },
  ],
  expectedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      // A test may visit a missing page on purpose; Chromium logs that document's
      // 404 as a console error. Any other failed request still counts.
      const missingDocuments = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) missingDocuments.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (missingDocuments.has(message.location().url) && message.text().includes('404')) return;
        errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // Every Content-Security-Policy violation fails the test, whatever Chromium logs for it.
      await page.exposeFunction('__reportCspViolation', (line: string) => errors.push(`csp: ${line}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
          );
        });
      });
      await use(errors);
      const unexpected = errors.filter((error) => !expectedConsoleErrors.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors or uncaught exceptions').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Reads window.dataLayer from the page. */
export async function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
}

/**
 * Waits until React has hydrated the whole page (client handlers attached).
 * Hydration is time-sliced and runs in document order, so the page is done
 * when the last element of the footer has its fiber, not when the header has.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = document.querySelectorAll('footer *');
    const last = elements[elements.length - 1] ?? document.querySelector('footer');
    return Boolean(last && Object.keys(last).some((key) => key.startsWith('__reactFiber')));
  });
}

/** Sums layout shifts not caused by input (what CLS counts) from the very start of the page's next load. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { cls: number }).cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift recorded since recordLayoutShifts. */
export async function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { cls: number }).cls);
}
