// The inbox at 100,000 leads (issue 14's acceptance figures): fills a fresh database with 100,000
// generated leads, serves the production build, signs an operator in and measures, one request at a
// time, the first inbox page, a filtered search and the overview (p50/p95/max after a warm-up), then
// downloads the CSV export of every lead while sampling the server process's resident memory. Also
// compares the nonce-policy sign-in page with a prerendered page on the same server, and, given a
// build without the nonce (below), with the same page without it. Writes bench/results/inbox.md.
// A measurement: exits non-zero only when something fails (a page not answering 200, an export
// short of a lead), not on a missed target.
//
//   npm run bench:inbox                        build, then measure (embedded PGlite in a temp folder)
//   npm run bench:inbox -- --no-build          reuse the last build (BENCH_DIST_DIR, default .next)
//   npm run bench:inbox -- --leads 20000 --requests 30
//   DATABASE_URL=postgres://.../empty_db npm run bench:inbox   a PostgreSQL database: must hold no leads yet
//   BENCH_NONCE_OFF_DIST_DIR=.next-nonce-off npm run bench:inbox -- --no-build
//       also measures /admin/sign-in on a build whose src/proxy.ts answers /admin paths with a bare
//       `return NextResponse.next()` (no nonce, no policy): build that variant yourself from a locally
//       patched tree with NEXT_DIST_DIR=.next-nonce-off npm run build, then undo the patch (and the folder that
//       next build adds to tsconfig.json's include); neither is committed.
//
// Everything listens on 127.0.0.1; the servers are stopped and the temp folders removed at the end.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

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
const nonceOffDistDir = process.env.BENCH_NONCE_OFF_DIST_DIR || '';
const databaseUrl = process.env.DATABASE_URL || '';
const origin = `http://127.0.0.1:${port}`;
const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'));
const dataDir = path.join(dataRoot, 'pglite');
const OPERATOR = 'bench-operator@agency.example';
const PASSWORD = 'bench passphrase for the inbox';
const SEARCH = '/admin?q=garcia&form=contact&delivery=failed';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAtStart = os.loadavg();

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  LEADS_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};
// The webhooks stay unset: the overview shows them as not configured and nothing leaves the machine.
for (const name of Object.keys(env)) if (name.startsWith('LEADS_WEBHOOK_URL')) delete env[name];

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// --- The database: the operator command migrates it and adds the operator, then 100,000 leads -------

console.log(
  `> npm run leads -- add-operator ${OPERATOR} (${databaseUrl ? 'DATABASE_URL' : dataDir})`,
);
const added = spawnSync('npm', ['run', '--silent', 'leads', '--', 'add-operator', OPERATOR], {
  env,
  input: `${PASSWORD}\n`,
  encoding: 'utf8',
});
if (added.status !== 0) throw new Error(`add-operator failed:\n${added.stdout}\n${added.stderr}`);

/** One connection to the bench's database, PGlite or PostgreSQL, with the same two calls. */
async function openDatabase() {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      exec: (sql) => client.query(sql),
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    exec: (sql) => db.exec(sql),
    query: async (sql, params) => (await db.query(sql, params)).rows,
    close: () => db.close(),
  };
}

const list = (values) =>
  `ARRAY[${values.map((value) => (value === null ? 'NULL' : `'${value}'`)).join(', ')}]`;
const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Wei',
  'Ashley',
  'Steven',
  'Kimberly',
  'Ahmed',
  'Emily',
  'Andrew',
  'Donna',
  'Kenji',
  'Michelle',
  'Luis',
  'Priya',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Patel',
];
const companies = [
  'Northwind Dental',
  'Harbor Property Group',
  'Summit Auto Sales',
  'Bluebird Realty',
  'Cedar Lane Clinic',
  'Oakridge Law',
  'Pioneer HVAC',
  'Lakeside Veterinary',
  'Metro Fitness',
  'Brightpath Insurance',
  'Silverline Plumbing',
  'Evergreen Apartments',
  'Redwood Chiropractic',
  'Atlas Roofing',
  'Maple Street Bakery',
  'Coastal Motors',
  'Keystone Accounting',
  'Willow Creek Homes',
  'Granite Dental Care',
  'Sunrise Pediatrics',
];
// Ten of sixteen leads carry a utm_source; of the rest, some have a referrer and the others are direct.
const utmSources = [
  'google',
  'google',
  'google',
  'facebook',
  'facebook',
  'linkedin',
  'newsletter',
  'bing',
  'instagram',
  'spring-mailing',
  null,
  null,
  null,
  null,
  null,
  null,
];
const referrers = [
  'https://www.google.com/',
  'https://duckduckgo.com/',
  'https://www.bing.com/',
  'https://news.ycombinator.com/item',
  'https://partner.example/blog/ai-receptionist',
  null,
  null,
  null,
];
const DAYS = 45;

/**
 * Leads `from`..`to`, each drawn from the bytes of md5(its number), so every run makes the same data:
 * forms 40/25/25/10 % (contact, demo, growth-audit, aria-signup), 3 % spam, created over the last
 * DAYS days (denser towards today), and for each accepted lead the delivery row the outbox would
 * have left: about 94 % delivered, 3 % failed, 2.3 % skipped (no webhook), 0.8 % pending.
 */
function seedSql(from, to) {
  return `
WITH src AS (
  SELECT i, md5('bench-inbox-' || i)::uuid AS id, decode(md5('bench-inbox-' || i), 'hex') AS h
  FROM generate_series(${from}, ${to}) AS i
), pick AS (
  SELECT i, id, h,
    CASE WHEN get_byte(h, 0) < 102 THEN 'contact' WHEN get_byte(h, 0) < 166 THEN 'demo' WHEN get_byte(h, 0) < 230 THEN 'growth-audit' ELSE 'aria-signup' END AS form,
    CASE WHEN get_byte(h, 1) < 8 THEN 'spam' ELSE 'accepted' END AS status,
    (${list(firstNames)})[1 + get_byte(h, 2) % ${firstNames.length}] AS first_name,
    (${list(lastNames)})[1 + get_byte(h, 3) % ${lastNames.length}] AS last_name,
    (${list(companies)})[1 + get_byte(h, 4) % ${companies.length}] AS company,
    (${list(utmSources)}::text[])[1 + get_byte(h, 5) % ${utmSources.length}] AS utm_source,
    (${list(referrers)}::text[])[1 + get_byte(h, 6) % ${referrers.length}] AS referrer,
    -- Milliseconds, as the site stores them (a JavaScript Date).
    date_trunc('milliseconds', now() - make_interval(secs => power((get_byte(h, 7) * 256 + get_byte(h, 8)) / 65536.0, 1.4) * ${DAYS} * 86400 + get_byte(h, 9) / 256.0)) AS created_at
  FROM src
)
INSERT INTO leads (id, form, status, fields, attribution, created_at, ip_hash, user_agent)
SELECT id, form, status,
  jsonb_strip_nulls(jsonb_build_object(
    'firstName', first_name,
    'lastName', last_name,
    'email', lower(first_name || '.' || last_name || i) || '@' || lower(replace(company, ' ', '')) || '.example',
    'phone', CASE WHEN form IN ('demo', 'aria-signup') OR i % 3 = 0 THEN '+1 (555) ' || lpad((i % 1000)::text, 3, '0') || '-' || lpad(((i * 7919) % 10000)::text, 4, '0') END,
    'company', CASE WHEN form = 'demo' THEN company END,
    'industry', CASE WHEN form = 'demo' THEN (ARRAY['healthcare', 'real-estate', 'automotive', 'retail', 'professional-services', 'other'])[1 + i % 6] END,
    'callVolume', CASE WHEN form = 'demo' THEN (ARRAY['0-100', '100-500', '500-1000', '1000+'])[1 + i % 4] END,
    'website', CASE WHEN form = 'growth-audit' THEN 'https://' || lower(replace(company, ' ', '')) || '.example' END,
    'propertyName', CASE WHEN form = 'aria-signup' THEN company || ' Residences' END,
    'units', CASE WHEN form = 'aria-signup' THEN (ARRAY['1-25', '26-50', '51-100', '101-250', '250+'])[1 + i % 5] END,
    'message', CASE WHEN form IN ('contact', 'demo') AND i % 2 = 0 THEN 'We miss calls after hours and would like an AI receptionist to book appointments for us.' END
  )),
  jsonb_strip_nulls(jsonb_build_object(
    'page_url', 'https://www.brightline.example' || (CASE form WHEN 'contact' THEN '/contact-us' WHEN 'demo' THEN '/contact-demo' WHEN 'growth-audit' THEN '/growth-audit' ELSE '/aria-landing' END)
      || CASE WHEN utm_source IS NOT NULL THEN '?utm_source=' || utm_source ELSE '' END,
    'referrer', referrer,
    'utm_source', utm_source,
    'utm_medium', CASE WHEN utm_source IS NULL THEN NULL WHEN utm_source IN ('google', 'bing') THEN 'cpc' WHEN utm_source IN ('newsletter', 'spring-mailing') THEN 'email' ELSE 'social' END,
    'utm_campaign', CASE WHEN utm_source IS NOT NULL THEN (ARRAY['spring-offer', 'ai-receptionist', 'property-managers'])[1 + i % 3] END,
    'time_on_page', 20 + get_byte(h, 10),
    'scroll_depth', get_byte(h, 11) % 101,
    'screen_resolution', (ARRAY['390x844', '1920x1080', '1440x900', '412x915'])[1 + get_byte(h, 12) % 4],
    'viewport_size', (ARRAY['390x664', '1920x947', '1440x789', '412x839'])[1 + get_byte(h, 12) % 4],
    'timezone', (ARRAY['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'])[1 + get_byte(h, 13) % 4],
    'language', 'en-US'
  )),
  created_at, md5('address-' || i), 'Mozilla/5.0 (Linux; Android 14) Bench'
FROM pick;

INSERT INTO lead_deliveries (id, lead_id, form, webhook_url, status, attempts, next_attempt_at, last_error, last_status, delivered_at, created_at, updated_at)
SELECT md5('bench-delivery-' || l.id)::uuid, l.id, l.form,
  CASE WHEN d.status = 'skipped' THEN NULL ELSE 'https://hooks.agency.example/webhook/' || l.form END,
  d.status,
  CASE d.status WHEN 'delivered' THEN 1 + (get_byte(uuid_send(l.id), 15) % 10 = 0)::int WHEN 'failed' THEN 9 WHEN 'pending' THEN 2 ELSE 0 END,
  -- Pending rows are due tomorrow: the delivery worker runs as in production but has nothing to send.
  CASE WHEN d.status = 'pending' THEN now() + interval '1 day' END,
  CASE d.status WHEN 'failed' THEN 'HTTP 500' WHEN 'pending' THEN 'timeout after 15000 ms' WHEN 'skipped' THEN 'no webhook configured' END,
  CASE d.status WHEN 'failed' THEN 500 WHEN 'delivered' THEN 200 END,
  CASE WHEN d.status = 'delivered' THEN l.created_at + make_interval(secs => 0.2 + get_byte(uuid_send(l.id), 14) / 1000.0) END,
  l.created_at, l.created_at
FROM leads l
CROSS JOIN LATERAL (
  SELECT CASE WHEN get_byte(uuid_send(l.id), 13) < 8 THEN 'failed' WHEN get_byte(uuid_send(l.id), 13) < 14 THEN 'skipped'
    WHEN get_byte(uuid_send(l.id), 13) < 16 THEN 'pending' ELSE 'delivered' END AS status
) d
WHERE l.status = 'accepted' AND l.id IN (SELECT md5('bench-inbox-' || i)::uuid FROM generate_series(${from}, ${to}) AS i);
`;
}

const database = await openDatabase();
const [{ existing }] = await database.query('select count(*)::int as existing from leads');
if (existing > 0)
  throw new Error(`the database already holds ${existing} leads: give the bench an empty one`);
console.log(`> generating ${LEADS.toLocaleString('en-US')} leads over ${DAYS} days`);
const seedStarted = performance.now();
for (let from = 1; from <= LEADS; from += 10_000) {
  const to = Math.min(LEADS, from + 9_999);
  await database.exec(seedSql(from, to));
  process.stdout.write(
    `  ${to.toLocaleString('en-US')} (${((performance.now() - seedStarted) / 1000).toFixed(0)} s)\n`,
  );
}
const seedSeconds = (performance.now() - seedStarted) / 1000;
// A PostgreSQL server's autovacuum analyzes and vacuums a table within a minute or so of a bulk load like this;
// do it now rather than measure the minute before. (The embedded database has no autovacuum: the site itself
// does this when it opens the database, src/server/db/maintenance.ts, so the bench leaves it to the site.)
if (databaseUrl) await database.exec('VACUUM (ANALYZE)');
const spread = {
  forms: await database.query(
    'select form, count(*)::int as n from leads group by form order by n desc',
  ),
  spam: (await database.query(`select count(*)::int as n from leads where status = 'spam'`))[0].n,
  deliveries: await database.query(
    'select status, count(*)::int as n from lead_deliveries group by status order by n desc',
  ),
  lastThirtyDays: (
    await database.query(
      `select count(*)::int as n from leads where created_at >= now() - interval '30 days'`,
    )
  )[0].n,
  searchMatches: (
    await database.query(
      `select count(*)::int as n from leads l join lead_deliveries d on d.lead_id = l.id where l.form = 'contact' and d.status = 'failed' and l.search_text like '%garcia%'`,
    )
  )[0].n,
};
await database.close();

// --- The server ------------------------------------------------------------------------------------

/** The pid of the process listening on 127.0.0.1:`listenPort` among the process group `group` (the real next-server, not npx or sh). */
function listenerPid(group, listenPort) {
  const hexPort = listenPort.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
      .map((cols) => cols[9]),
  );
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (match && inodes.has(match[1])) return Number(entry);
      }
    } catch {}
  }
  return null;
}

const rssKb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

const servers = [];
async function startServer(serverPort, serverEnv) {
  const child = spawn(
    'npx',
    ['next', 'start', '--hostname', '127.0.0.1', '--port', String(serverPort)],
    {
      env: serverEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  servers.push(child);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/api/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error(`the server on ${serverPort} did not become healthy`);
    await sleep(200);
  }
  const pid = listenerPid(child.pid, serverPort);
  if (!pid) throw new Error(`no process of group ${child.pid} listens on ${serverPort}`);
  return { child, pid };
}
async function stopServers() {
  for (const child of servers.splice(0)) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the whole group: npx, sh and next-server
    } catch {}
  }
  await sleep(1500);
}
process.on('exit', () => {
  for (const child of servers) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
  rmSync(dataRoot, { recursive: true, force: true });
});

console.log(`> next start on ${origin} (${distDir})`);
const server = await startServer(port, env);
console.log(`  next-server pid ${server.pid} (npx pid ${server.child.pid})`);

// --- Sign in, then the three pages ---------------------------------------------------------------------

const signIn = await fetch(`${origin}/api/admin/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ email: OPERATOR, password: PASSWORD }),
});
if (signIn.status !== 200)
  throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');

const pages = [
  {
    name: 'Inbox, first page',
    path: '/admin',
    expect: `${LEADS.toLocaleString('en-US')} matching leads`,
  },
  {
    name: 'Search: name, form and delivery status',
    path: SEARCH,
    expect:
      spread.searchMatches === 1
        ? '1 matching lead'
        : `${spread.searchMatches.toLocaleString('en-US')} matching leads`,
  },
  { name: 'Overview', path: '/admin/overview', expect: 'Overview' },
];

/** One GET, timed from sending to the last byte of the body; throws unless it is a 200 that contains `expect`. */
async function timed(url, headers, expect) {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: 'manual' });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || (expect && !body.includes(expect)))
    throw new Error(`GET ${url}: ${response.status}, expected a 200 containing '${expect}'`);
  return { ms, response };
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

console.log(
  `> ${WARMUP} warm-up and ${REQUESTS} measured requests per page, one at a time, pages interleaved`,
);
const samples = pages.map(() => []);
for (let round = 0; round < WARMUP + REQUESTS; round++) {
  for (const [index, page] of pages.entries()) {
    const { ms: elapsed } = await timed(`${origin}${page.path}`, { cookie }, page.expect);
    if (round >= WARMUP) samples[index].push(elapsed);
  }
}
const pageStats = pages.map((page, index) => ({ ...page, ...stats(samples[index]) }));
for (const page of pageStats)
  console.log(
    `  ${page.name}: p50 ${ms(page.p50)} ms, p95 ${ms(page.p95)} ms, max ${ms(page.max)} ms`,
  );

// --- The CSV export of every lead, and the server's resident memory meanwhile ----------------------------

console.log('> CSV export of every lead');
const before = [];
for (let i = 0; i < 20; i++) {
  before.push(rssKb(server.pid));
  await sleep(50);
}
const baselineKb = before.sort((a, b) => a - b)[before.length >> 1];
let peakKb = baselineKb;
const sampler = setInterval(() => {
  try {
    peakKb = Math.max(peakKb, rssKb(server.pid));
  } catch {}
}, 20);
const exportStarted = performance.now();
const exportResponse = await fetch(`${origin}/api/admin/leads.csv`, { headers: { cookie } });
if (exportResponse.status !== 200)
  throw new Error(`GET /api/admin/leads.csv: ${exportResponse.status}`);
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
peakKb = Math.max(peakKb, rssKb(server.pid));
const afterKb = rssKb(server.pid);
const growthMb = (peakKb - baselineKb) / 1024;
const exportedLeads = lines - 1; // the header
console.log(
  `  ${exportedLeads.toLocaleString('en-US')} leads, ${(bytes / 1048576).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s; RSS ${(baselineKb / 1024).toFixed(1)} MB before, peak ${(peakKb / 1024).toFixed(1)} MB (+${growthMb.toFixed(1)} MB)`,
);

// --- Nonce CSP cost --------------------------------------------------------------------------------------

console.log(`> nonce CSP: ${NONCE_REQUESTS} requests each, interleaved`);
const nonceTargets = [
  {
    name: '`/admin/sign-in`, nonce policy (this build, the server above)',
    url: `${origin}/admin/sign-in`,
    nonce: true,
  },
  {
    name: '`/contact-us`, prerendered, hash policy (this build, the server above)',
    url: `${origin}/contact-us`,
    nonce: false,
  },
];
if (nonceOffDistDir) {
  // Two more servers started alike, each with its own empty database (a visitor without a session reads no leads):
  // this build again, and the build without the nonce. Their difference is the nonce's cost; the two servers of
  // this build show how much two processes of one build differ anyway.
  const [again, off] = [port + 2, port + 1];
  await Promise.all([
    startServer(again, { ...env, LEADS_DATA_DIR: path.join(dataRoot, 'nonce-on') }),
    startServer(off, {
      ...env,
      NEXT_DIST_DIR: nonceOffDistDir,
      LEADS_DATA_DIR: path.join(dataRoot, 'nonce-off'),
    }),
  ]);
  nonceTargets.push(
    {
      name: '`/admin/sign-in`, nonce policy (this build, a second server)',
      url: `http://127.0.0.1:${again}/admin/sign-in`,
      nonce: true,
    },
    {
      name: `\`/admin/sign-in\`, no policy (${nonceOffDistDir}: the proxy answers /admin with \`NextResponse.next()\`)`,
      url: `http://127.0.0.1:${off}/admin/sign-in`,
      nonce: false,
    },
  );
}
const nonceSamples = nonceTargets.map(() => []);
for (let round = 0; round < WARMUP + NONCE_REQUESTS; round++) {
  for (const [index, target] of nonceTargets.entries()) {
    const { ms: elapsed, response } = await timed(target.url, {});
    const policy = response.headers.get('content-security-policy') ?? '';
    if (target.nonce !== policy.includes("'nonce-"))
      throw new Error(`${target.url}: unexpected policy '${policy.slice(0, 80)}'`);
    if (round >= WARMUP) nonceSamples[index].push(elapsed);
  }
}
const nonceStats = nonceTargets.map((target, index) => ({
  ...target,
  ...stats(nonceSamples[index]),
}));
for (const target of nonceStats)
  console.log(`  ${target.name}: p50 ${ms(target.p50)} ms, p95 ${ms(target.p95)} ms`);
await stopServers();

// --- The record ------------------------------------------------------------------------------------------

const met = (ok) => (ok ? 'met' : 'missed');
const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const storage = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (fresh temp folder)';
const pageTable = [
  '| Page | Requests | p50 (ms) | p95 (ms) | max (ms) | Target p95 < 200 ms |',
  '|---|---|---|---|---|---|',
  ...pageStats.map(
    (page) =>
      `| ${page.name}: \`GET ${page.path}\` | ${page.n} | ${ms(page.p50)} | ${ms(page.p95)} | ${ms(page.max)} | ${met(page.p95 < 200)} |`,
  ),
].join('\n');
const nonceTable = [
  '| Page | Requests | p50 (ms) | p95 (ms) |',
  '|---|---|---|---|',
  ...nonceStats.map(
    (target) => `| ${target.name} | ${target.n} | ${ms(target.p50)} | ${ms(target.p95)} |`,
  ),
].join('\n');
const signed = (value) => `${value >= 0 ? '+' : ''}${ms(value)}`;
const [first, , second, off] = nonceStats;
const nonceSentence = off
  ? `Nonce policy against none, on two servers started alike: ${signed(second.p50 - off.p50)} ms at the median, ${signed(second.p95 - off.p95)} ms at p95. ` +
    `Two servers of the same build differ by ${signed(first.p50 - second.p50)} ms at the median and ${signed(first.p95 - second.p95)} ms at p95, so a ` +
    `difference within that is no measurable cost.`
  : 'Without a nonce-free build (BENCH_NONCE_OFF_DIST_DIR) this run compares only with a prerendered page: that difference is the per-request render, not the nonce.';
const report = `# The inbox at ${LEADS.toLocaleString('en-US')} leads

\`npm run bench:inbox\`, measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 1073741824)} GB,
Node ${process.version}, load average (1, 5, 15 min) ${loadAtStart.map((n) => n.toFixed(1)).join(' ')} at the start and ${os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(
    ' ',
  )} at the end (the machine is shared: other work ran alongside). Storage: ${storage}. The bench process and the server share the machine.

**Method.** ${LEADS.toLocaleString('en-US')} leads generated straight into the database in ${seedSeconds.toFixed(0)} s (batched \`INSERT ... SELECT\` over
\`generate_series\`, deterministic): ${spread.forms.map((row) => `${row.form} ${row.n.toLocaleString('en-US')}`).join(', ')}; ${spread.spam.toLocaleString('en-US')} spam;
deliveries ${spread.deliveries.map((row) => `${row.status} ${row.n.toLocaleString('en-US')}`).join(', ')}; created over the last ${DAYS} days, denser
towards today (${spread.lastThirtyDays.toLocaleString('en-US')} in the overview's 30 days); 40 first names, 50 last names, 20 companies, 9 utm sources
plus referrers and direct visits. The operator is added with \`npm run leads -- add-operator\`, then \`next start\` (production
build, delivery worker on, no webhook configured) serves on 127.0.0.1 and the bench signs in through \`POST /api/admin/sign-in\`.
Each page gets ${WARMUP} warm-up requests and then ${REQUESTS} measured ones, one request at a time, the three pages taking turns;
a request is timed from sending it to the last byte of the page. The search is \`${SEARCH}\`
(${spread.searchMatches} matches among the ${LEADS.toLocaleString('en-US')}).

${pageTable}

**CSV export of every lead** (\`GET /api/admin/leads.csv\`, read as a stream): ${exportedLeads.toLocaleString('en-US')} leads (${met(exportedLeads === LEADS)} all),
${(bytes / 1048576).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s (${Math.round(exportedLeads / exportSeconds).toLocaleString('en-US')} leads/s, first byte after ${ms(firstByteMs ?? 0)} ms). Resident memory of the
server process (pid of the process listening on the port, VmRSS from /proc every 20 ms): ${(baselineKb / 1024).toFixed(1)} MB before (median of
1 s), peak ${(peakKb / 1024).toFixed(1)} MB during, ${(afterKb / 1024).toFixed(1)} MB after: **growth ${growthMb.toFixed(1)} MB** (target < 50 MB: ${met(growthMb < 50)}).

## Nonce CSP cost

The inbox renders per request with a nonce-based policy that src/proxy.ts makes for each request (18 random bytes, the
policy passed to Next.js on the request so that it marks its scripts). Same method, ${NONCE_REQUESTS} requests per page after ${WARMUP}
warm-up, interleaved, no session (the sign-in page reads no leads):

${nonceTable}

${nonceSentence}
`;
// A hand-written '## Notes' section (what the figures led to) survives a new run.
const resultsFile = 'bench/results/inbox.md';
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const notes = previous.includes('\n## Notes') ? previous.slice(previous.indexOf('\n## Notes')) : '';
mkdirSync('bench/results', { recursive: true });
writeFileSync(resultsFile, `${report}${notes}`);
console.log(`\n${report}`);
process.exit(exportedLeads === LEADS ? 0 : 1);
