import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/fixtures';

/**
 * Interaction to Next Paint, measured the way the browser reports it to web-vitals: Event Timing entries
 * (PerformanceObserver type 'event', durationThreshold 16) grouped by interactionId, the interaction's
 * latency being its longest entry, from the input's timestamp to the next paint after its handlers ran.
 * The phone is a 375 px touch screen with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), each
 * interaction on a freshly loaded, hydrated page, RUNS times. The median must stay under BUDGET_MS (one
 * run on a shared 2-core machine is too noisy to assert alone); every run is reported.
 *
 * An interaction the browser counted (performance.interactionCount went up) but reported no entry for was
 * faster than the 16 ms reporting threshold: it is recorded as below 16 ms, never as 0.
 *
 * A measurement, like the benchmarks: it runs only with MEASURE_INP=1 or WRITE_INP_RESULTS=1, not in `npm test`,
 * because on a 2-core machine the figures follow the machine's load more than the code: under 100 ms when it is
 * idle, over it while other suites run (bench/results/inp.md, main-thread.md). WRITE_INP_RESULTS=1 also writes the
 * figures to bench/results/inp.md (a measurement to commit, not something every test run should rewrite).
 */

const RUNS = 5;
const BUDGET_MS = 100;
const THRESHOLD_MS = 16;
const CPU_SLOWDOWN = 4;

type Run = {
  latency: number | null;
  inputDelay: number;
  processing: number;
  presentation: number;
  event: string;
};

const scenarios: Array<{
  name: string;
  path: string;
  act: (page: Page) => Locator;
  done: (page: Page) => Locator;
}> = [
  {
    name: 'open the mobile menu',
    path: '/',
    act: (page) => page.getByRole('button', { name: 'Open menu' }),
    done: (page) => page.getByRole('navigation', { name: 'Mobile' }),
  },
  {
    name: 'open an FAQ item (home)',
    path: '/',
    act: (page) => page.locator('#faq summary').nth(1),
    done: (page) => page.locator('#faq details').nth(1).getByRole('paragraph'),
  },
  {
    name: 'open the web app preview dialog',
    path: '/',
    act: (page) => page.getByRole('button', { name: 'Preview' }),
    done: (page) => page.getByRole('dialog', { name: 'Web app preview' }),
  },
  {
    name: 'run the revenue calculator',
    path: '/revenue-calculator',
    act: (page) => page.getByRole('button', { name: 'Calculate My Lost Revenue' }),
    done: (page) => page.getByRole('heading', { name: 'What missed calls cost you' }),
  },
];

type Measured = { name: string; path: string; runs: Run[] };
const RAW = 'bench/results/tmp/inp.json';

const show = (value: number | null) =>
  value === null ? `<${THRESHOLD_MS}` : String(Math.round(value));
/** Below-threshold runs count as 0 for ordering and as '<16' when shown. */
const median = (runs: Run[]) =>
  [...runs].sort((a, b) => (a.latency ?? 0) - (b.latency ?? 0))[Math.floor(runs.length / 2)]!
    .latency;

/**
 * Adds one interaction's runs to bench/results/tmp/inp.json (a worker restarts after a failed test, so the
 * figures cannot wait in memory for the last test) and rewrites bench/results/inp.md from all of them.
 */
function writeResults(result: Measured, chromium: string) {
  mkdirSync('bench/results/tmp', { recursive: true });
  const all: Measured[] = existsSync(RAW)
    ? (JSON.parse(readFileSync(RAW, 'utf8')) as Measured[]).filter(
        (other) => other.name !== result.name,
      )
    : [];
  all.push(result);
  all.sort(
    (a, b) =>
      scenarios.findIndex((s) => s.name === a.name) - scenarios.findIndex((s) => s.name === b.name),
  );
  writeFileSync(RAW, JSON.stringify(all, null, 2));
  const rows = all.map(({ name, path, runs }) => {
    const worst = [...runs].sort((a, b) => (b.latency ?? 0) - (a.latency ?? 0))[0]!;
    const breakdown =
      worst.latency === null
        ? '-'
        : `${Math.round(worst.inputDelay)} / ${Math.round(worst.processing)} / ${Math.round(worst.presentation)} (${worst.event})`;
    return `| ${name} | \`${path}\` | ${runs.map((run) => show(run.latency)).join(', ')} | ${show(median(runs))} | ${show(worst.latency)} | ${breakdown} |`;
  });
  const lines = [
    '# Interaction to Next Paint',
    '',
    `Written by \`tests/e2e/interaction-latency.e2e.ts\` with \`WRITE_INP_RESULTS=1\`, ${new Date().toISOString().slice(0, 10)}, Chromium ${chromium}, on`,
    `the production build: ${CPU_SLOWDOWN}x CPU slowdown (CDP), 375 px touch screen, each interaction a raw tap on a freshly loaded,`,
    `hydrated page once the control has been scrolled to the middle of the screen and the page has settled, ${RUNS} runs. Latency is the Event Timing`,
    `API's: the longest entry of the interaction (interactionId), from the tap to the next paint, in the API's 8 ms steps;`,
    `\`<${THRESHOLD_MS}\` means the browser counted the interaction but it was under the ${THRESHOLD_MS} ms reporting threshold. The test`,
    `asserts the median of each interaction under ${BUDGET_MS} ms. A shared 2-core machine: single runs are noisy.`,
    '',
    '| Interaction | Page | Runs (ms) | Median | Worst | Worst: input delay / processing / presentation (event) |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
  writeFileSync('bench/results/inp.md', lines.join('\n'));
}

test.describe('interaction latency at 4x CPU slowdown, 375 px touch screen', () => {
  test.skip(
    !process.env.MEASURE_INP && !process.env.WRITE_INP_RESULTS,
    'a measurement: MEASURE_INP=1 runs it',
  );
  // In order in one worker (afterAll writes every scenario's figures), without skipping the rest after a failure.
  test.describe.configure({ mode: 'default' });
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((threshold) => {
      type Entry = PerformanceEventTiming & { interactionId: number };
      const entries: Array<{
        id: number;
        name: string;
        start: number;
        duration: number;
        processingStart: number;
        processingEnd: number;
      }> = [];
      (window as unknown as { eventEntries: typeof entries }).eventEntries = entries;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Entry[]) {
          if (!entry.interactionId) continue;
          const {
            interactionId: id,
            name,
            startTime: start,
            duration,
            processingStart,
            processingEnd,
          } = entry;
          entries.push({ id, name, start, duration, processingStart, processingEnd });
        }
      }).observe({
        type: 'event',
        durationThreshold: threshold,
        buffered: true,
      } as PerformanceObserverInit);
    }, THRESHOLD_MS);
  });

  for (const scenario of scenarios) {
    test(`${scenario.name} stays under ${BUDGET_MS} ms (median)`, async ({
      page,
      context,
      browser,
    }) => {
      test.setTimeout(180_000);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        await page.goto(scenario.path);
        await waitForHydration(page);
        // Scroll the control into view and let the page settle (hydration's tail, prefetches of links that
        // scrolled in), as a visitor's finger does not land the instant a scroll ends: this measures the tap.
        // Centred, not just inside the edge, and checked: a tap at a point the control no longer covers would
        // measure some other element's response.
        const target = scenario.act(page);
        await target.evaluate((element) =>
          element.scrollIntoView({ block: 'center', behavior: 'instant' }),
        );
        await page.waitForTimeout(1000);
        await page.evaluate(
          () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })),
        );
        const box = (await target.boundingBox())!;
        const hit = await target.evaluate(
          (element, [x, y]) => element.contains(document.elementFromPoint(x!, y!)),
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, 'the tap lands on the control').toBe(true);
        const interactionsBefore = await page.evaluate(
          () => (performance as unknown as { interactionCount: number }).interactionCount,
        );
        // A raw touch at the control's centre: Playwright's locator.tap() adds its own hit-target listeners to the
        // page, whose work would be counted in the interaction.
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        await expect(scenario.done(page)).toBeVisible();
        // Entries are delivered after the next paint: wait two frames and a task.
        await page.evaluate(
          () =>
            new Promise((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
            ),
        );
        const { counted, entries } = await page.evaluate((before) => {
          const all = (
            window as unknown as {
              eventEntries: Array<{
                id: number;
                name: string;
                start: number;
                duration: number;
                processingStart: number;
                processingEnd: number;
              }>;
            }
          ).eventEntries;
          return {
            counted:
              (performance as unknown as { interactionCount: number }).interactionCount - before,
            entries: all,
          };
        }, interactionsBefore);
        expect(counted, 'the tap counted as one interaction').toBe(1);
        const longest = entries.sort((a, b) => b.duration - a.duration)[0];
        runs.push(
          longest
            ? {
                latency: longest.duration,
                inputDelay: longest.processingStart - longest.start,
                processing: longest.processingEnd - longest.processingStart,
                presentation: longest.start + longest.duration - longest.processingEnd,
                event: longest.name,
              }
            : {
                latency: null,
                inputDelay: 0,
                processing: 0,
                presentation: 0,
                event: '(below threshold)',
              },
        );
      }
      if (process.env.WRITE_INP_RESULTS)
        writeResults({ name: scenario.name, path: scenario.path, runs }, browser.version());
      test
        .info()
        .annotations.push({
          type: 'latency (ms)',
          description: runs.map((run) => run.latency ?? `<${THRESHOLD_MS}`).join(', '),
        });
      expect(median(runs) ?? 0, `${scenario.name}, median of ${JSON.stringify(runs)}`).toBeLessThan(
        BUDGET_MS,
      );
    });
  }
});
