// One Lighthouse run of one page in Debian's Chromium (mobile, Lighthouse's default slow-4G and 4x
// CPU), reduced to the figures scripts/bench.mjs and scripts/bench-ab.mjs report.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const chromeFlags = ['--headless=new', ...chromiumFlags, '--no-first-run'];

/** throttlingMethod 'simulate' (Lighthouse's default) or 'devtools' (applied to a real load). */
export async function measureRoute(url, throttlingMethod = 'simulate') {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      throttlingMethod,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id];
    const requests = audit('network-requests').details.items;
    const failing = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && audit(ref.id).score !== null && audit(ref.id).score < 1)
        .map((ref) => `${category.id}:${ref.id}`),
    );
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      fcp: Math.round(audit('first-contentful-paint').numericValue),
      lcp: Math.round(audit('largest-contentful-paint').numericValue),
      tbt: Math.round(audit('total-blocking-time').numericValue),
      cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(4)),
      // Time to Interactive (the metrics audit's): the end of the last long task before 5 quiet
      // seconds, counted from the first contentful paint: how long the page looks ready but is not.
      interactive: Math.round(audit('metrics').details.items[0].interactive),
      interactiveAfterPaint: Math.round(
        audit('metrics').details.items[0].interactive -
          audit('first-contentful-paint').numericValue,
      ),
      // transferSize is what went over the wire: gzip-compressed, as next start serves it.
      jsBytes: requests
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + item.transferSize, 0),
      observedLcp: Math.round(audit('metrics').details.items[0].observedLargestContentfulPaint),
      // What moved, when anything did: the element and Lighthouse's guess at the cause.
      layoutShifts: (audit('layout-shifts')?.details?.items ?? []).map((item) => ({
        score: item.score,
        element: item.node?.snippet,
        causes: item.subItems?.items?.map((sub) => sub.cause) ?? [],
      })),
      failing,
    };
  } finally {
    await chrome.kill();
  }
}
