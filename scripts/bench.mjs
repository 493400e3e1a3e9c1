// Lighthouse on every route of the production build: mobile, simulated
// throttling (Lighthouse defaults), median of 3 runs per route. Writes
// bench/results/lighthouse.md (committed) and lighthouse.json (raw medians).
// A measurement, not a test: it exits non-zero only if Lighthouse itself fails.
//
//   npm run bench                      build, serve on 127.0.0.1, measure every sitemap route
//   npm run bench -- --no-build        reuse the existing build (BENCH_DIST_DIR, default .next)
//   npm run bench -- --routes /,/faq   measure only these paths
//   BENCH_RUNS=5 npm run bench         more runs per route
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const args = process.argv.slice(2);
const port = Number(process.env.BENCH_PORT) || 3200;
const runs = Number(process.env.BENCH_RUNS) || 3;
const distDir = process.env.BENCH_DIST_DIR || '.next';
const origin = `http://127.0.0.1:${port}`;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir };
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)], { env, stdio: 'ignore', detached: true });
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on ${origin} did not start`);
}

async function routesToMeasure() {
  const flag = args.indexOf('--routes');
  if (flag !== -1) return args[flag + 1].split(',');
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

async function measure(path) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags });
  try {
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id];
    const requests = audit('network-requests').details.items;
    const failing = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs.filter((ref) => ref.weight > 0 && audit(ref.id).score !== null && audit(ref.id).score < 1).map((ref) => `${category.id}:${ref.id}`),
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
      // transferSize is what went over the wire: gzip-compressed, as the production server serves it.
      jsBytes: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + item.transferSize, 0),
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

function median(samples) {
  const sorted = [...samples].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp);
  return sorted[Math.floor(sorted.length / 2)];
}

await waitForServer();
const routes = await routesToMeasure();
const results = {};
for (const path of routes) {
  const samples = [];
  for (let run = 0, failures = 0; run < runs;) {
    try {
      samples.push(await measure(path));
      run++;
    } catch (error) {
      // Chromium sometimes loses the trace of a navigation (NO_NAVSTART, more often since pages send
      // Cross-Origin-Opener-Policy): that run is repeated, up to three times per route.
      console.error(`Lighthouse failed on ${path}: ${error.message}`);
      if (++failures >= 3) process.exit(1);
    }
  }
  results[path] = {
    ...median(samples),
    runs: samples.map((s) => ({ performance: s.performance, lcp: s.lcp, tbt: s.tbt, cls: s.cls, layoutShifts: s.layoutShifts })),
  };
  const r = results[path];
  console.log(
    `${path}: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${r.lcp} ms TBT ${r.tbt} ms CLS ${r.cls} JS ${(r.jsBytes / 1024).toFixed(1)} KB`,
  );
}

const floor = Math.min(...Object.values(results).map((r) => r.jsBytes));
const nextVersion = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('next/package.json'), 'utf8')).version;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const lines = [
  '# Lighthouse results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse 12.8 (mobile, simulated throttling), Next.js ${nextVersion}, Node ${process.version}, Debian Chromium; median of ${runs} runs per route (by performance score). Produced by \`npm run bench\`.`,
  '',
  '| Route | Perf | A11y | Best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (gz) | JS above floor KB |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...Object.entries(results).map(
    ([path, r]) =>
      `| ${path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${kb(r.jsBytes)} | ${kb(r.jsBytes - floor)} |`,
  ),
  '',
  `JS floor (emptiest route): ${kb(floor)} KB gzipped. Audits below 100% in the median run, by route:`,
  '',
  ...Object.entries(results).map(([path, r]) => `- ${path}: ${r.failing.length ? r.failing.join(', ') : 'none'}`),
  '',
];
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/lighthouse.md', lines.join('\n'));
writeFileSync('bench/results/lighthouse.json', JSON.stringify(results, null, 2));
console.log(`\n${lines.join('\n')}`);
process.exit(0);
