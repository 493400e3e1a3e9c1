// Two builds against each other with Lighthouse, runs interleaved (A, B, A, B, …) so both see the
// same load: the way to measure a change smaller than a figure's drift between benches (TBT on 2
// busy cores). Prints each route's medians; raw runs go to bench/results/tmp/ab-<label>.json.
//
//   node scripts/bench-ab.mjs --a .next-before --b .next --routes /,/revenue-calculator [--runs 5]
//                             [--throttling simulate|devtools] [--label icons]
//   node scripts/bench-ab.mjs --a http://127.0.0.1:3301 --b .next ...
//
// A folder is a complete build of this project (`npm run build` with NEXT_DIST_DIR); an http://
// origin is a server already running, e.g. an older checkout served by its own `npm start`.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureRoute } from './lib/lighthouse-run.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback;
const dirs = { A: option('a'), B: option('b') };
if (!dirs.A || !dirs.B) throw new Error('--a and --b (build folders) are required');
const routes = option('routes', '/').split(',');
const runs = Number(option('runs', '5'));
const throttling = option('throttling', 'simulate');
const label = option('label', 'compare');
const basePort = Number(process.env.BENCH_PORT) || 3200;
const ports = { A: basePort + 1, B: basePort + 2 };

const origins = Object.fromEntries(
  Object.entries(dirs).map(([key, dir]) => [
    key,
    dir.startsWith('http') ? dir : `http://127.0.0.1:${ports[key]}`,
  ]),
);
const servers = Object.entries(dirs)
  .filter(([, dir]) => !dir.startsWith('http'))
  .map(([key, dir]) =>
    spawn(
      process.execPath,
      ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(ports[key])],
      {
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: dir },
        stdio: 'ignore',
        detached: true,
      },
    ),
  );
process.on('exit', () => {
  for (const server of servers) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
});
process.on('SIGINT', () => process.exit(130));

for (const origin of Object.values(origins)) {
  let up = false;
  for (let i = 0; i < 100 && !up; i++) {
    try {
      up = (await fetch(`${origin}/robots.txt`)).ok;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  if (!up) throw new Error(`no server at ${origin}`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const figures = ['performance', 'fcp', 'lcp', 'tbt', 'cls', 'interactiveAfterPaint'];
const results = {};
for (const route of routes) {
  results[route] = { A: [], B: [] };
  for (let run = 0; run < runs; run++) {
    for (const key of run % 2 ? ['B', 'A'] : ['A', 'B']) {
      for (let attempt = 1; ; attempt++) {
        try {
          const sample = await measureRoute(`${origins[key]}${route}`, throttling);
          results[route][key].push(Object.fromEntries(figures.map((name) => [name, sample[name]])));
          break;
        } catch (error) {
          console.error(`${route} ${key}: ${error.message}`);
          if (attempt >= 3) process.exit(1);
        }
      }
    }
  }
  for (const key of ['A', 'B']) {
    const samples = results[route][key];
    const medians = Object.fromEntries(
      figures.map((name) => [name, median(samples.map((sample) => sample[name]))]),
    );
    results[route][`${key}median`] = medians;
    console.log(
      `${route} ${key} (${dirs[key]}): perf ${medians.performance} FCP ${medians.fcp} LCP ${medians.lcp} TBT ${medians.tbt} CLS ${medians.cls} interactive +${medians.interactiveAfterPaint} | TBT runs ${samples.map((s) => s.tbt).join(', ')}`,
    );
  }
}
mkdirSync('bench/results/tmp', { recursive: true });
writeFileSync(
  `bench/results/tmp/ab-${label}.json`,
  JSON.stringify({ dirs, throttling, runs, results }, null, 2),
);
process.exit(0);
