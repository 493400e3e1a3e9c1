// Lighthouse on every route of the production build (mobile, median of 3 runs), written to
// bench/results/lighthouse.md and .json. A measurement, not a test: only Lighthouse can fail it.
//
//   npm run bench                      build, serve on 127.0.0.1, measure every sitemap route
//   npm run bench -- --no-build        reuse the existing build (BENCH_DIST_DIR, default .next)
//   npm run bench -- --routes /,/faq   measure only these paths
//   BENCH_RUNS=5 npm run bench         more runs per route
//   BENCH_THROTTLING=devtools ...      DevTools' throttling, not Lighthouse's simulation; writes
//                                      lighthouse-devtools.md/.json
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { measureRoute } from './lib/lighthouse-run.mjs';

const args = process.argv.slice(2);
const port = Number(process.env.BENCH_PORT) || 3200;
const runs = Number(process.env.BENCH_RUNS) || 3;
const distDir = process.env.BENCH_DIST_DIR || '.next';
const throttlingMethod = process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const outName = throttlingMethod === 'devtools' ? 'lighthouse-devtools' : 'lighthouse';
const origin = `http://127.0.0.1:${port}`;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir };

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
  { env, stdio: 'ignore', detached: true },
);
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

/** The median of one figure across runs (by that figure, not the median run by performance). */
const medianOf = (samples, key) =>
  [...samples].map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];

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
      samples.push(await measureRoute(`${origin}${path}`, throttlingMethod));
      run++;
    } catch (error) {
      // Chromium sometimes loses a navigation's trace (NO_NAVSTART): the run is repeated, up to
      // three times per route.
      console.error(`Lighthouse failed on ${path}: ${error.message}`);
      if (++failures >= 3) process.exit(1);
    }
  }
  results[path] = {
    ...median(samples),
    medianTbt: medianOf(samples, 'tbt'),
    medianInteractiveAfterPaint: medianOf(samples, 'interactiveAfterPaint'),
    runs: samples.map((s) => ({
      performance: s.performance,
      lcp: s.lcp,
      tbt: s.tbt,
      cls: s.cls,
      interactiveAfterPaint: s.interactiveAfterPaint,
      layoutShifts: s.layoutShifts,
    })),
  };
  const r = results[path];
  console.log(
    `${path}: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${r.lcp} ms TBT ${r.tbt} ms (median ${r.medianTbt}) interactive +${r.medianInteractiveAfterPaint} ms after FCP CLS ${r.cls} JS ${(r.jsBytes / 1024).toFixed(1)} KB`,
  );
}

const floor = Math.min(...Object.values(results).map((r) => r.jsBytes));
const nextVersion = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('next/package.json'), 'utf8'),
).version;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const lines = [
  `# Lighthouse results${throttlingMethod === 'devtools' ? ' (DevTools throttling)' : ''}`,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse 12.8 (mobile, ${throttlingMethod === 'devtools' ? 'DevTools throttling: slow 4G and 4x CPU applied to a real load' : 'simulated throttling'}), Next.js ${nextVersion}, Node ${process.version}, Debian Chromium; median of ${runs} runs per route (by performance score; the two "median" columns are each figure's own median across the runs). Interactive: Time to Interactive minus FCP, how long the page looks ready before it is. Produced by \`npm run bench\`.`,
  '',
  '| Route | Perf | A11y | Best pr. | SEO | FCP ms | LCP ms | TBT ms | TBT median ms | CLS | Interactive after FCP, median ms | JS KB (gz) | JS above floor KB |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...Object.entries(results).map(
    ([path, r]) =>
      `| ${path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.medianTbt} | ${r.cls} | ${r.medianInteractiveAfterPaint} | ${kb(r.jsBytes)} | ${kb(r.jsBytes - floor)} |`,
  ),
  '',
  `JS floor (emptiest route): ${kb(floor)} KB gzipped. Audits below 100% in the median run, by route:`,
  '',
  ...Object.entries(results).map(
    ([path, r]) => `- ${path}: ${r.failing.length ? r.failing.join(', ') : 'none'}`,
  ),
  '',
];
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/${outName}.md`, lines.join('\n'));
writeFileSync(`bench/results/${outName}.json`, JSON.stringify(results, null, 2));
console.log(`\n${lines.join('\n')}`);
process.exit(0);
