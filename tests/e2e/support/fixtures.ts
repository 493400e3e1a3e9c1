import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { pageFor, readManifest, type PostbuildManifest } from '@/lib/build-manifest';
import { axeViolations } from '../../support/axe';
import { APP_URL, E2E_ENV } from './servers';

type Fixtures = {
  /** Requests the page tried to make to any origin other than the test server. */
  externalRequests: string[];
  /** Console errors and uncaught exceptions; every test fails if any remain. */
  pageErrors: string[];
  /** Console errors a test provokes on purpose (a simulated 500, a refused connection). */
  expectedConsoleErrors: RegExp[];
};

/**
 * Every test runs cut off from the outside world: the external web app is a stub page, anything
 * else off the loopback server is aborted and recorded. Console errors fail the test.
 */
export const test = base.extend<Fixtures>({
  externalRequests: [
    async ({ page }, provide) => {
      const requests: string[] = [];
      await page.route(
        (url) => url.hostname !== '127.0.0.1',
        async (route) => {
          const url = route.request().url();
          requests.push(url);
          if (url.startsWith(APP_URL)) {
            await route.fulfill({
              contentType: 'text/html',
              body: '<!doctype html><title>Web app</title><h1>Web app</h1>',
            });
          } else if (url.startsWith('https://www.googletagmanager.com/')) {
            await route.fulfill({
              contentType: 'text/javascript',
              body: '/* tag manager stand-in */',
            });
          } else {
            await route.abort('blockedbyclient');
          }
        },
      );
      await provide(requests);
    },
    { auto: true },
  ],
  expectedConsoleErrors: async ({}, provide) => {
    await provide([]);
  },
  pageErrors: [
    async ({ page, expectedConsoleErrors }, provide) => {
      const errors: string[] = [];
      // Chromium logs a missing page's 404 as a console error; any other failed request counts.
      const missingDocuments = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest())
          missingDocuments.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (missingDocuments.has(message.location().url) && message.text().includes('404')) return;
        errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // Every Content-Security-Policy violation fails the test, whatever Chromium logs for it.
      await page.exposeFunction('__reportCspViolation', (line: string) =>
        errors.push(`csp: ${line}`),
      );
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (
            window as unknown as { __reportCspViolation: (line: string) => void }
          ).__reportCspViolation(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
          );
        });
      });
      await provide(errors);
      const unexpected = errors.filter(
        (error) => !expectedConsoleErrors.some((pattern) => pattern.test(error)),
      );
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
 * Waits until React has hydrated the whole page: hydration runs in document order, so the page is
 * done when the footer's last element has its fiber.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = document.querySelectorAll('footer *');
    const last = elements[elements.length - 1] ?? document.querySelector('footer');
    return Boolean(last && Object.keys(last).some((key) => key.startsWith('__reactFiber')));
  });
}

/** Holds every script chunk back until the returned function is called: the page before hydration. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue().catch(() => {}); // the page may have moved on
  });
  return release;
}

type RecordedShift = { value: number; at: number; sources: string[] };

/**
 * Records layout shifts not caused by input (what CLS counts) from the start of the page's next
 * load, with the elements that moved, so a failing assertion names them.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: Array<{
        node: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }>;
    };
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(removed)';
      const classes =
        typeof node.className === 'string'
          ? node.className.trim().split(/\s+/).slice(0, 4).join('.')
          : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const shifts: RecordedShift[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map(
          (s) => `${describe(s.node)}: ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
        );
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded since recordLayoutShifts. */
async function recordedShifts(page: Page): Promise<RecordedShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: RecordedShift[] }).layoutShifts);
}

/** Asserts the page has not shifted since recordLayoutShifts; a failure lists what moved, when. */
export async function expectNoLayoutShift(page: Page): Promise<void> {
  const shifts = await recordedShifts(page);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(
    total,
    `layout shifts:\n${shifts.map((s) => `${s.value.toFixed(5)} at ${s.at} ms: ${s.sources.join('; ')}`).join('\n')}`,
  ).toBe(0);
}

let manifest: PostbuildManifest | undefined;

/** The post-build manifest of the build the main server serves. */
export function builtSite(): PostbuildManifest {
  return (manifest ??= readManifest(E2E_ENV.NEXT_DIST_DIR));
}

/** The URL of the one built script whose code contains `marker`; fails unless exactly one does. */
export function builtScriptContaining(marker: string): string {
  const scripts = builtSite().assets.filter((asset) => asset.file.endsWith('.js'));
  const matches = scripts.filter((asset) =>
    readFileSync(path.join(E2E_ENV.NEXT_DIST_DIR, asset.file), 'utf8').includes(marker),
  );
  expect(matches, `exactly one built script contains ${marker}`).toHaveLength(1);
  return matches[0]!.url;
}

/**
 * The scripts a page runs at start-up (the loader's; nomodule polyfills only when asked), from the
 * manifest; a path that is no page is answered by the not-found page.
 */
export function startupScriptUrls(pathname: string, { noModule = false } = {}): string[] {
  const site = builtSite();
  const page = pageFor(site, pathname) ?? site.pages[site.notFoundRoute]!;
  return [...page.startupScripts, ...(noModule ? page.noModuleScripts : [])];
}

/**
 * Fails with every axe violation on the page, each with its elements. Next.js may set a new page's
 * <title> a moment after its content, so this waits for a title first.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/\S/);
  expect(await axeViolations(page)).toEqual([]);
}
