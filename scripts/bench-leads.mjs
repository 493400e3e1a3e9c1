// Load test of lead intake on the production build (issue 4's acceptance figures):
// autocannon POSTs unique contact leads to /api/leads/contact at a fixed rate,
// then checks that nothing was lost: every acknowledged lead (a 201 and its id)
// is stored, and, with a local webhook receiver up, every stored lead is
// delivered, each exactly once. Writes bench/results/leads.md. A measurement:
// exits non-zero only if a lead was lost or not delivered, not on a missed
// latency target.
//
//   npm run bench:leads                          build, then 60 s at 200 requests/s
//   npm run bench:leads -- --no-build            reuse the last build (BENCH_DIST_DIR, default .next)
//   npm run bench:leads -- --duration 10 --rate 100
//   DATABASE_URL=postgres://... npm run bench:leads   against a PostgreSQL server (else a fresh PGlite folder)
//   LEADS_DATA_FSYNC=0 npm run bench:leads            the embedded database without fsync (the cost of durability)
//
// Why many autocannon instances: autocannon's rate limit gives each connection a
// per-second quota that it sends back to back when a one-second timer fires, and
// every connection's timer fires at the same moment. One instance at 200 req/s
// therefore sends all 200 requests in a burst at the top of each second, which
// measures how long a 200-request burst takes to drain, not latency at a steady
// 200 req/s. So the rate is split over `streams` instances of one connection
// each, started evenly spaced across the first second: a few requests every few
// milliseconds, the load a steady stream of visitors makes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const duration = flag('duration', 60);
const rate = flag('rate', 200);
const streams = Math.min(rate, flag('streams', 50));
const port = Number(process.env.BENCH_PORT) || 3210;
const distDir = process.env.BENCH_DIST_DIR || '.next';
const origin = `http://127.0.0.1:${port}`;
const dataRoot = mkdtempSync(path.join(tmpdir(), 'bench-leads-'));
const dataDir = path.join(dataRoot, 'pglite');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The webhook receiver: answers 200 and counts deliveries per Idempotency-Key.
const deliveries = new Map();
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const key = String(req.headers['idempotency-key']);
    deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
    res.end('{}');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const webhook = `http://127.0.0.1:${receiver.address().port}/hook`;

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  LEADS_DATA_DIR: dataDir,
  LEADS_WEBHOOK_URL: webhook,
  LEADS_RATE_LIMIT_PER_MINUTE: '0', // every request comes from one address
  LOG_LEVEL: 'warn',
};

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
  {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  },
);
// It closes the database on SIGTERM; wait for that before opening the folder here.
const exited = new Promise((resolve) => server.once('exit', resolve));
const stopServer = async () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  await Promise.race([exited, sleep(30_000)]);
};
process.on('exit', () => {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {}
});

async function health() {
  try {
    const response = await fetch(`${origin}/api/health`);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
for (let i = 0; !(await health()); i++) {
  if (i > 300) throw new Error(`the server on ${origin} did not become healthy`);
  await sleep(200);
}

let sequence = 0;
const body = () =>
  JSON.stringify({
    firstName: 'Bench',
    lastName: `Lead ${sequence++}`,
    email: `bench-${process.pid}-${sequence}@example.com`,
    phone: '+1 555 010 0199',
    message: 'Load test',
    page_url: `${origin}/contact-us`,
  });

// Every id the server acknowledged with a 201: each must be stored.
const acknowledged = new Set();
const latencies = [];
const statuses = new Map();
let errors = 0;

function stream(seconds, streamRate, record) {
  const instance = autocannon({
    url: `${origin}/api/leads/contact`,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    connections: 1,
    overallRate: streamRate,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: body() }),
        onResponse: (status, responseBody) => {
          if (status !== 201) return;
          try {
            acknowledged.add(JSON.parse(responseBody).id);
          } catch {}
        },
      },
    ],
  });
  if (record) {
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    instance.on('reqError', () => errors++);
  }
  return new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
}

async function load(seconds, record) {
  const perStream = Array.from(
    { length: streams },
    (_, i) => Math.floor(rate / streams) + (i < rate % streams ? 1 : 0),
  );
  const runs = [];
  for (let i = 0; i < streams; i++) {
    runs.push(stream(seconds, perStream[i], record));
    await sleep(1000 / streams);
  }
  const results = await Promise.all(runs);
  return results.reduce((sum, result) => sum + result.timeouts + result.errors, 0);
}

// Warm-up (JIT, first queries): its leads count like the others, its latencies do not.
console.log(`> warm-up: 5 s at ${rate} requests/s`);
await load(5, false);
console.log(
  `> ${duration} s at ${rate} requests/s against ${origin}/api/leads/contact (${streams} staggered streams)`,
);
const started = performance.now();
const timeouts = await load(duration, true);
const elapsed = (performance.now() - started) / 1000;

// Wait for the outbox to drain, then stop the server and count what is stored.
let drained = false;
for (let i = 0; i < 600 && !drained; i++) {
  const report = await health();
  drained = Boolean(report && report.outbox.pending === 0);
  if (!drained) await sleep(500);
}
await stopServer();

async function query(sql, params) {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(sql, params);
    await client.end();
    return rows;
  }
  const db = await PGlite.create(dataDir);
  const { rows } = await db.query(sql, params);
  await db.close();
  return rows;
}
const [counts] = await query(`select (select count(*) from leads)::int as stored,
  (select count(*) from lead_deliveries where status = 'delivered')::int as delivered,
  (select count(*) from lead_deliveries where status = 'failed')::int as failed`);
const [{ found }] = await query(
  'select count(*)::int as found from leads where id = any($1::uuid[])',
  [[...acknowledged]],
);
receiver.close();
rmSync(dataRoot, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const percentile = (p) =>
  Math.round(
    10 *
      (latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ??
        NaN),
  ) / 10;
const non2xx = [...statuses]
  .filter(([status]) => status < 200 || status >= 300)
  .reduce((sum, [, n]) => sum + n, 0);
const errorCount = errors + timeouts + non2xx;
const lost = acknowledged.size - found;
const undelivered = counts.stored - counts.delivered;
const duplicateDeliveries = [...deliveries.values()].reduce((sum, n) => sum + n - 1, 0);
const rows = [
  ['Responses in the measured window', latencies.length],
  [
    'Achieved rate (responses/s, first stream start to last response)',
    (latencies.length / elapsed).toFixed(1),
  ],
  ['Latency p50 (ms)', percentile(50)],
  ['Latency p90 (ms)', percentile(90)],
  ['Latency p99 (ms)', percentile(99)],
  ['Latency max (ms)', percentile(100)],
  ['Errors (connection errors + timeouts + non-2xx)', errorCount],
  ['Acknowledged leads (201 with an id, incl. warm-up)', acknowledged.size],
  ['Acknowledged and stored', found],
  ['Lost (acknowledged, not stored)', lost],
  ['Stored leads (incl. requests cut off at the end)', counts.stored],
  ['Delivered (status delivered)', counts.delivered],
  ['Failed deliveries', counts.failed],
  ['Receiver: distinct Idempotency-Keys', deliveries.size],
  ['Receiver: duplicate deliveries', duplicateDeliveries],
  ['Outbox drained', drained ? 'yes' : 'no'],
];
const table = [
  '| Measure | Value |',
  '|---|---|',
  ...rows.map(([name, value]) => `| ${name} | ${value} |`),
].join('\n');
const met = (ok) => (ok ? 'met' : 'missed');
const targets = `Targets: p99 under 50 ms (${met(percentile(99) < 50)}), zero errors (${met(errorCount === 0)}), zero lost (${met(lost === 0)}), delivered = stored (${met(undelivered === 0)}).`;
const report = `# Lead intake load test

\`npm run bench:leads\`: ${duration} s of POST /api/leads/contact at ${rate} requests/s (autocannon, ${streams}
single-connection streams started evenly across the first second, unique leads; after a 5 s warm-up) against
the production server (scripts/server.mjs) on the production build, storage ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite (fresh folder, fsync ${process.env.LEADS_DATA_FSYNC === '0' ? 'off: LEADS_DATA_FSYNC=0' : 'on'})`},
webhook receiver on 127.0.0.1 answering 200. Load generator, receiver and server share the machine
(${(await import('node:os')).cpus().length} cores). Measured ${new Date().toISOString().slice(0, 10)} on Node ${process.version}.

${table}

${targets}
`;
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/leads.md', report);
console.log(`\n${report}`);
process.exit(
  lost === 0 && undelivered === 0 && deliveries.size === counts.stored && duplicateDeliveries === 0
    ? 0
    : 1,
);
