// Load test of lead intake on the production build: posts unique contact leads at a fixed rate,
// then checks that every lead acknowledged with a 201 is stored and, through a local webhook
// receiver, delivered exactly once. Writes bench/results/leads.md; fails only if a lead was lost or
// not delivered, not on a missed latency target.
//
//   npm run bench:leads                     build, then 60 s at 200 requests/s
//   npm run bench:leads -- --no-build       reuse the last build (BENCH_DIST_DIR, default .next)
//   npm run bench:leads -- --duration 10 --rate 100
//   DATABASE_URL=postgres://... npm run bench:leads   on PostgreSQL (else a fresh PGlite folder)
//   LEADS_DATA_FSYNC=0 npm run bench:leads            without fsync (the cost of durability)
//
// The load is a steady stream of posts (scripts/lib/lead-load.mjs says why).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { percentile as percentileOf, postLeads, sleep, startServer } from './lib/lead-load.mjs';

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
const dataRoot = mkdtempSync(path.join(tmpdir(), 'bench-leads-'));
const dataDir = path.join(dataRoot, 'pglite');

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

const server = await startServer(port, env);
const { origin, health } = server;

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
const load = (seconds, record) =>
  postLeads({
    url: `${origin}/api/leads/contact`,
    rate,
    seconds,
    streams,
    body,
    onAcknowledged: (id) => acknowledged.add(id),
    record,
  });

// Warm-up (JIT, first queries): its leads count like the others, its latencies do not.
console.log(`> warm-up: 5 s at ${rate} requests/s`);
await load(5, false);
console.log(
  `> ${duration} s at ${rate} requests/s against ${origin}/api/leads/contact (${streams} staggered streams)`,
);
const started = performance.now();
const { latencies, statuses, errors } = await load(duration, true);
const elapsed = (performance.now() - started) / 1000;

// Wait for the outbox to drain, then stop the server and count what is stored.
let drained = false;
for (let i = 0; i < 600 && !drained; i++) {
  const report = await health();
  drained = Boolean(report && report.outbox.pending === 0);
  if (!drained) await sleep(500);
}
await server.stop();

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
  (select count(*) from lead_deliveries where channel = 'webhook' and status = 'delivered')::int as delivered,
  (select count(*) from lead_deliveries where channel = 'webhook' and status = 'failed')::int as failed`);
const [{ found }] = await query(
  'select count(*)::int as found from leads where id = any($1::uuid[])',
  [[...acknowledged]],
);
receiver.close();
rmSync(dataRoot, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const percentile = (p) => percentileOf(latencies, p);
const non2xx = [...statuses]
  .filter(([status]) => status < 200 || status >= 300)
  .reduce((sum, [, n]) => sum + n, 0);
const errorCount = errors + non2xx;
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
