// The inbox at 100,000 leads: seeds a fresh database through the schema (inbox-seed.ts), serves
// the build with scripts/server.mjs, signs in through the form and times, one request at a time,
// the inbox's pages, a search and the overview; then the CSV export of every lead with the
// server's memory, and the nonce-policy page against a prerendered one. Writes
// bench/results/inbox.md (BENCH_RESULTS_FILE), keeping its '## Notes'; fails only when something
// fails, not on a missed target. Runs under the react-server condition to write through src/server.
//
//   npm run bench:inbox                   build, then measure (embedded PGlite in a temp folder)
//   npm run bench:inbox -- --no-build     reuse the last build (BENCH_DIST_DIR, default .next)
//   npm run bench:inbox -- --leads 20000 --requests 30
//   DATABASE_URL=postgres://.../empty_db npm run bench:inbox   (a database holding no leads yet)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const LEADS = flag('leads', 100_000);
const REQUESTS = flag('requests', 50);
const WARMUP = flag('warmup', 10);
const NONCE_REQUESTS = flag('nonce-requests', 200);
const port = Number(process.env.BENCH_PORT) || 3700;
const distDir = process.env.BENCH_DIST_DIR || '.next';
const resultsFile = process.env.BENCH_RESULTS_FILE || 'bench/results/inbox.md';
const databaseUrl = process.env.DATABASE_URL || '';
const origin = `http://127.0.0.1:${port}`;
const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'));
const OPERATOR = 'bench-operator@agency.example';
const PASSWORD = 'bench passphrase for the inbox';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAtStart = os.loadavg();

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  LEADS_DATA_DIR: path.join(dataRoot, 'pglite'),
  LOG_LEVEL: 'warn',
  // The retention purge would start deleting the generated spam older than its default period.
  LEADS_SPAM_RETENTION_DAYS: 'off',
};
// No webhook is set: the overview shows them not configured and nothing leaves the machine.
for (const name of Object.keys(env)) if (name.startsWith('LEADS_WEBHOOK_URL')) delete env[name];
process.on('exit', () => rmSync(dataRoot, { recursive: true, force: true }));

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// --- The database: the leads through the schema, then the operator through the command -----------

Object.assign(process.env, env);
const { getDatabase, closeDatabase } = await import('@/server/db/client');
const { seedInbox, SEED_DAYS } = await import('./lib/inbox-seed.ts');
const { sql } = await import('drizzle-orm');
const { db } = await getDatabase();
const [{ existing }] = await rows(sql`select count(*)::int as existing from leads`);
if (existing > 0)
  throw new Error(`the database holds ${existing} leads already: give an empty one`);
console.log(`> generating ${LEADS.toLocaleString('en-US')} leads over ${SEED_DAYS} days`);
const seedStarted = performance.now();
await seedInbox(db, LEADS, {
  onBatch: (done) =>
    done % 10_000 === 0 &&
    console.log(
      `  ${done.toLocaleString('en-US')} (${Math.round((performance.now() - seedStarted) / 1000)} s)`,
    ),
});
const seedSeconds = (performance.now() - seedStarted) / 1000;
// PostgreSQL's autovacuum analyzes a table a minute or so after a bulk load: do it now rather than
// measure that minute. (The site analyzes the embedded database when it opens it.)
if (databaseUrl) await db.execute(sql`VACUUM (ANALYZE)`);
const [spread] = await rows(sql`select
  (select count(*)::int from leads where status = 'spam') as spam,
  (select count(*)::int from leads where stage = 'won') as won,
  (select count(*)::int from leads where stage <> 'new') as worked,
  (select count(*)::int from lead_notes) as notes,
  (select count(*)::int from leads where seen_at is null and status = 'accepted') as unopened,
  (select count(*)::int from leads where created_at >= now() - interval '30 days') as last30,
  (select count(*)::int from leads l join lead_deliveries d on d.lead_id = l.id
    where l.form = 'contact' and d.status = 'failed' and l.search_text like '%garcia%') as search`);
await closeDatabase();

async function rows(query) {
  const result = await db.execute(query);
  return Array.isArray(result) ? result : result.rows;
}

const added = spawnSync('npm', ['run', '--silent', 'leads', '--', 'add-operator', OPERATOR], {
  env,
  input: `${PASSWORD}\n`,
  encoding: 'utf8',
});
if (added.status !== 0) throw new Error(`add-operator failed:\n${added.stdout}\n${added.stderr}`);

// --- The server ----------------------------------------------------------------------------------

console.log(`> scripts/server.mjs on ${origin} (${distDir})`);
const server = spawn(
  process.execPath,
  ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
  { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
);
const exited = new Promise((resolve) => server.once('exit', resolve));
process.on('exit', () => {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {}
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {}
  if (i > 600) throw new Error(`the server on ${origin} did not become healthy`);
  await sleep(200);
}
const rssKb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);

// --- Sign in through the page's own form ---------------------------------------------------------

/** The hidden fields of a page's first form (a Server Action form's action id is among them). */
const hiddenFields = (html) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map((m) => [
      m[1],
      (m[2] ?? '').replace(/&amp;/g, '&'),
    ]),
  );
const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

async function signIn() {
  const page = await (await fetch(`${origin}/admin/sign-in`)).text();
  const form = new FormData();
  for (const [name, value] of Object.entries(hiddenFields(page))) form.append(name, value);
  form.append('email', OPERATOR);
  form.append('password', PASSWORD);
  const response = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    body: form,
    headers: { origin },
    redirect: 'manual',
  });
  const cookie = cookieOf(response);
  if (!/session_token=/.test(cookie))
    throw new Error(`signing in answered ${response.status} without a session`);
  return cookie;
}
const cookie = await signIn();

// --- The pages -----------------------------------------------------------------------------------

const matches = (n) =>
  n === 1 ? '1 matching lead' : `${n.toLocaleString('en-US')} matching leads`;
const pages = [
  { name: 'Inbox, first page', path: '/admin', expect: matches(LEADS) },
  { name: 'Status filter: Won', path: '/admin?stage=won', expect: matches(spread.won) },
  {
    name: 'Search: name, form and delivery status',
    path: '/admin?q=garcia&form=contact&delivery=failed',
    expect: matches(spread.search),
  },
  {
    name: 'Overview, with results by source, campaign and page',
    path: '/admin/overview',
    expect: 'By landing page',
  },
];

/** One GET, timed to the body's last byte; throws unless it is a 200 containing `expect`. */
async function timed(url, headers, expect) {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: 'manual' });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || (expect && !body.includes(expect)))
    throw new Error(`GET ${url}: ${response.status}, expected a 200 containing '${expect}'`);
  return { ms, response, body };
}
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
};
const ms = (value) => value.toFixed(1);

/** Each target `rounds` times after the warm-up, one request at a time, targets taking turns. */
async function measure(targets, rounds) {
  const samples = targets.map(() => []);
  for (let round = 0; round < WARMUP + rounds; round++)
    for (const [index, target] of targets.entries()) {
      const { ms: elapsed } = await timed(target.url, target.headers ?? {}, target.expect);
      if (round >= WARMUP) samples[index].push(elapsed);
    }
  return targets.map((target, index) => ({ ...target, ...stats(samples[index]) }));
}

console.log(`> ${WARMUP} warm-up and ${REQUESTS} measured requests per page, pages taking turns`);
const pageStats = await measure(
  pages.map((page) => ({ ...page, url: `${origin}${page.path}`, headers: { cookie } })),
  REQUESTS,
);
for (const page of pageStats)
  console.log(
    `  ${page.name}: p50 ${ms(page.p50)} ms, p95 ${ms(page.p95)} ms, max ${ms(page.max)} ms`,
  );

// --- The CSV export of every lead, the form the inbox posts, and the server's memory meanwhile ---

console.log('> CSV export of every lead');
const inbox = (await timed(`${origin}/admin`, { cookie }, 'Download CSV')).body;
const csrf = /<input type="hidden" name="csrf" value="([^"]+)"/.exec(inbox)?.[1];
const before = [];
for (let i = 0; i < 20; i++) {
  before.push(rssKb());
  await sleep(50);
}
const baselineKb = before.sort((a, b) => a - b)[before.length >> 1];
let peakKb = baselineKb;
const sampler = setInterval(() => {
  try {
    peakKb = Math.max(peakKb, rssKb());
  } catch {}
}, 20);
const exportStarted = performance.now();
const exportResponse = await fetch(`${origin}/admin/leads.csv`, {
  method: 'POST',
  headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ csrf: csrf ?? '' }),
});
if (exportResponse.status !== 200)
  throw new Error(`POST /admin/leads.csv: ${exportResponse.status}`);
let bytes = 0;
let lines = 0;
let firstByteMs = null;
const reader = exportResponse.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  firstByteMs ??= performance.now() - exportStarted;
  bytes += value.length;
  for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
}
const exportSeconds = (performance.now() - exportStarted) / 1000;
clearInterval(sampler);
peakKb = Math.max(peakKb, rssKb());
const growthMb = (peakKb - baselineKb) / 1024;
const exportedLeads = lines - 1; // the header
console.log(
  `  ${exportedLeads.toLocaleString('en-US')} leads, ${(bytes / 1048576).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s; RSS +${growthMb.toFixed(1)} MB`,
);

// --- Nonce CSP: the per-request sign-in page against a prerendered page on the same server -------

console.log(`> nonce policy: ${NONCE_REQUESTS} requests each, taking turns`);
const nonceStats = await measure(
  [
    {
      name: '`/admin/sign-in`, nonce policy, rendered per request',
      url: `${origin}/admin/sign-in`,
    },
    { name: '`/contact-us`, prerendered, hash policy', url: `${origin}/contact-us` },
  ],
  NONCE_REQUESTS,
);
try {
  process.kill(-server.pid, 'SIGTERM');
} catch {}
await Promise.race([exited, sleep(30_000)]);

// --- The record ----------------------------------------------------------------------------------

const met = (ok) => (ok ? 'met' : 'missed');
const n = (value) => value.toLocaleString('en-US');
const table = (head, body) => [head, head.replace(/[^|]+/g, '---'), ...body].join('\n');
const report = `# The inbox at ${n(LEADS)} leads

\`npm run bench:inbox\`, measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version},
load average (1, 5, 15 min) ${loadAtStart.map((v) => v.toFixed(1)).join(' ')} at the start and ${os
  .loadavg()
  .map((v) => v.toFixed(1))
  .join(' ')} at the end.
Storage: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (fresh temp folder)'}; the bench and the server share the machine.

**Method.** ${n(LEADS)} generated leads written through the schema in ${seedSeconds.toFixed(0)} s (scripts/lib/inbox-seed.ts, the same
every run): four forms, ${n(spread.spam)} spam, over the last ${SEED_DAYS} days, denser towards today (${n(spread.last30)} in the
overview's 30 days); ${n(spread.worked)} worked (${n(spread.won)} won), ${n(spread.notes)} notes, ${n(spread.unopened)} unopened. The operator
is added with \`npm run leads -- add-operator\` and signs in through the sign-in form; \`scripts/server.mjs\` serves the
production build on 127.0.0.1 (delivery worker on, no webhook). Each page gets ${WARMUP} warm-up requests, then
${REQUESTS} measured ones, one request at a time, the pages taking turns; a request is timed from sending it to the last
byte. The search matches ${n(spread.search)} leads.

${table(
  '| Page | Requests | p50 (ms) | p95 (ms) | max (ms) | Target p95 < 200 ms |',
  pageStats.map(
    (page) =>
      `| ${page.name}: \`GET ${page.path}\` | ${page.n} | ${ms(page.p50)} | ${ms(page.p95)} | ${ms(page.max)} | ${met(page.p95 < 200)} |`,
  ),
)}

**CSV export of every lead** (\`POST /admin/leads.csv\`, read as a stream): ${n(exportedLeads)} leads (${met(exportedLeads === LEADS)} all),
${(bytes / 1048576).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s (first byte after ${ms(firstByteMs ?? 0)} ms). The server's resident
memory (VmRSS every 20 ms): ${(baselineKb / 1024).toFixed(1)} MB before, peak ${(peakKb / 1024).toFixed(1)} MB: **growth ${growthMb.toFixed(1)} MB**
(target < 50 MB: ${met(growthMb < 50)}).

## Nonce CSP cost

The inbox renders per request with a nonce policy (src/proxy.ts); ${NONCE_REQUESTS} requests each after ${WARMUP} warm-up, taking
turns, no session:

${table(
  '| Page | Requests | p50 (ms) | p95 (ms) |',
  nonceStats.map(
    (target) => `| ${target.name} | ${target.n} | ${ms(target.p50)} | ${ms(target.p95)} |`,
  ),
)}
`;
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const notes = previous.includes('\n## Notes') ? previous.slice(previous.indexOf('\n## Notes')) : '';
mkdirSync(path.dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${report}${notes}`);
console.log(`\n${report}`);
process.exit(exportedLeads === LEADS ? 0 : 1);
