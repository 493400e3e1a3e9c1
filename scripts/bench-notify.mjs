// What notifications cost and how fast they arrive, on the production build:
// 1. Latency: leads at --rate (50) per second for --duration (60) s, with a mail catcher and a chat
//    stand-in on 127.0.0.1: from each 201 to the mail server accepting the agency's email and the
//    visitor's confirmation; anything missing or sent twice.
// 2. Intake cost: bench:leads' 201 latency at --compare-rate (150; a list, e.g. 50,150, measures
//    each) with notifications off and on, interleaved in --rounds (3) of --round-seconds (20), a
//    fresh database each, with the server's CPU time per lead.
// Writes bench/results/notify.md; fails only if an email was lost or sent twice.
//
//   npm run bench:notify                     build, then both parts
//   npm run bench:notify -- --no-build       reuse the last build (BENCH_DIST_DIR, default .next)
//   npm run bench:notify -- --only latency   or --only compare
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { percentile, postLeads, sleep, startServer } from './lib/lead-load.mjs';
import { startMailCatcher } from './lib/mail-catcher.mjs';
import { startStandIns } from './lib/stand-ins.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const rate = Number(flag('rate', 50));
const duration = Number(flag('duration', 60));
const compareRates = String(flag('compare-rate', '150')).split(',').map(Number);
const rounds = Number(flag('rounds', 3));
const roundSeconds = Number(flag('round-seconds', 20));
const only = flag('only', null);
const port = Number(process.env.BENCH_PORT) || 3220;
const distDir = process.env.BENCH_DIST_DIR || '.next';
const AGENCY = 'agency@bench.example';

// The webhook receiver and the chat stand-in answer 200 at once. The latency part reads every
// message it catches; the cost comparison's stand-ins run in a process of their own.
const ok = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('{}'));
});
await new Promise((resolve) => ok.listen(0, '127.0.0.1', resolve));
const okUrl = `http://127.0.0.1:${ok.address().port}`;
const catcher = await startMailCatcher();

// Each lead comes from a visitor of its own, through one proxy (TRUST_PROXY=1 reads the address it
// appends), so the per-network confirmation limit works as it does for real visitors.
const baseEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  LEADS_WEBHOOK_URL: `${okUrl}/hook`,
  TRUST_PROXY: '1',
  LEADS_RATE_LIMIT_PER_MINUTE: '0', // as bench:leads: no rate-limit writes in either mode
  LOG_LEVEL: 'warn',
  LEADS_DIGEST_HOUR: 'off', // every email measured is a lead's, and off rounds write no digest job
};
const notificationsOn = {
  SMTP_URL: catcher.url(),
  LEADS_NOTIFY_TO: AGENCY,
  LEADS_NOTIFY_CHAT_URL: `${okUrl}/chat`,
  LEADS_AUTORESPONSE_PER_HOUR: '100000',
};
const notificationsOff = { LEADS_NOTIFY_TO: 'none', LEADS_AUTORESPONSE_PER_HOUR: '0' };

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: baseEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A server on a fresh embedded database; stop() also removes the folder. */
async function serve(extra) {
  const root = mkdtempSync(path.join(tmpdir(), 'bench-notify-'));
  const server = await startServer(port, {
    ...baseEnv,
    ...extra,
    LEADS_DATA_DIR: path.join(root, 'pglite'),
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

let sequence = 0;
const leadBody = (origin) => (context) => {
  sequence += 1;
  context.email = `bench-${process.pid}-${sequence}@example.com`;
  context.address = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
  return JSON.stringify({
    firstName: 'Bench',
    lastName: `Lead ${sequence}`,
    email: context.email,
    phone: '+1 555 010 0199',
    message: 'Load test',
    page_url: `${origin}/contact-us`,
  });
};
const behindProxy = (context) => ({ 'x-forwarded-for': context.address });
const figures = (sorted) =>
  `${percentile(sorted, 50)} | ${percentile(sorted, 95)} | ${percentile(sorted, 99)} | ${percentile(sorted, 100)}`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sections = [];
let failed = false;

if (only !== 'compare') {
  const server = await serve(notificationsOn);
  const acknowledgedAt = new Map(); // visitor address -> when its 201 arrived
  const post = (seconds) =>
    postLeads({
      url: `${server.origin}/api/leads/contact`,
      rate,
      seconds,
      streams: Math.min(rate, 25),
      body: leadBody(server.origin),
      headers: behindProxy,
      onAcknowledged: (_id, context) => acknowledgedAt.set(context.email, Date.now()),
      record: true,
    });
  console.log(
    `> latency: ${duration} s at ${rate} leads/s, every email to a mail server on loopback`,
  );
  const loadBefore = load();
  const { latencies } = await post(duration);
  const expected = acknowledgedAt.size * 2;
  for (let i = 0; i < 240 && catcher.accepted.length < expected; i++) await sleep(500);
  await sleep(2_000); // room for a duplicate to show up
  await server.stop();

  const agency = [];
  const visitor = [];
  const seen = new Map();
  for (const message of catcher.accepted) {
    const toAgency = message.envelope.to.includes(AGENCY);
    const address = toAgency
      ? /bench-\d+-\d+@example\.com/.exec(message.parsed.text ?? '')?.[0]
      : message.envelope.to[0];
    const at = acknowledgedAt.get(address);
    if (at === undefined) continue;
    const key = `${toAgency ? 'agency' : 'visitor'}:${address}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    (toAgency ? agency : visitor).push(message.acceptedAt - at);
  }
  const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
  const missing = expected - seen.size;
  failed ||= duplicates > 0 || missing > 0;
  agency.sort((a, b) => a - b);
  visitor.sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  const p95 = Math.max(percentile(agency, 95), percentile(visitor, 95));
  sections.push(`## From a lead's 201 to the mail server's acceptance

${duration} s at ${rate} leads/s (POST /api/leads/contact, ${Math.min(rate, 25)} staggered streams, each lead from a visitor of its own), every lead emailed to
the agency and confirmed to the visitor through a mail server on 127.0.0.1 (smtp-server), the webhook and the chat
stand-in answering at once; default sweep (\`LEADS_SWEEP_INTERVAL_MS\` 5000). Load average before: ${loadBefore}.

| Email | Sent | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |
|---|---|---|---|---|---|
| Agency's | ${agency.length} | ${figures(agency)} |
| Visitor's confirmation | ${visitor.length} | ${figures(visitor)} |
| (the 201 itself) | ${latencies.length} | ${figures(latencies)} |

Acknowledged leads: ${acknowledgedAt.size}; emails missing: ${missing}; sent twice: ${duplicates}.
Target p95 under 30 s: ${p95 < 30_000 ? 'met' : 'missed'} (${p95} ms).
`);
}

const outside = only === 'latency' ? null : await startStandIns();
for (const compareRate of only === 'latency' ? [] : compareRates) {
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    for (const [mode, extra] of [
      ['off', notificationsOff],
      [
        'on',
        {
          ...notificationsOn,
          SMTP_URL: outside.smtpUrl,
          LEADS_NOTIFY_CHAT_URL: `${outside.okUrl}/chat`,
        },
      ],
    ]) {
      const server = await serve({ LEADS_WEBHOOK_URL: `${outside.okUrl}/hook`, ...extra });
      const post = (seconds, record) =>
        postLeads({
          url: `${server.origin}/api/leads/contact`,
          rate: compareRate,
          seconds,
          streams: Math.min(compareRate, 50),
          body: leadBody(server.origin),
          headers: behindProxy,
          onAcknowledged: () => {},
          record,
        });
      const loadBefore = load();
      await post(5, false);
      const cpuBefore = server.cpuSeconds();
      const { latencies, errors } = await post(roundSeconds, true);
      const cpu = server.cpuSeconds() - cpuBefore;
      await server.stop();
      latencies.sort((a, b) => a - b);
      rows.push({ round, mode, latencies, errors, loadBefore, cpu });
      console.log(`> round ${round}, notifications ${mode}: p99 ${percentile(latencies, 99)} ms`);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const p99 = (mode) =>
    median(rows.filter((r) => r.mode === mode).map((r) => percentile(r.latencies, 99)));
  const off = p99('off');
  const on = p99('on');
  sections.push(`## Intake latency with notifications off and on, at ${compareRate} requests/s

bench:leads' measure: POST /api/leads/contact at ${compareRate} requests/s, ${rounds} interleaved rounds of ${roundSeconds} s after a
5 s warm-up, a fresh embedded database (fsync on) each, every lead from a visitor of its own behind one proxy
(\`TRUST_PROXY=1\`). Off: no notification jobs (\`LEADS_NOTIFY_TO=none\`,
\`LEADS_AUTORESPONSE_PER_HOUR=0\`); on: each lead also writes and sends the agency's email, the visitor's confirmation
and a chat message, to stand-ins on 127.0.0.1 in a process of their own at the lowest priority (nice 19: a
provider's servers are other machines). Server CPU: all the server's threads
over the round, per response.

| Round | Notifications | Responses | Errors | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | Server CPU (ms per lead) | Load before |
|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.round} | ${r.mode} | ${r.latencies.length} | ${r.errors} | ${percentile(r.latencies, 50)} | ${percentile(r.latencies, 90)} | ${percentile(r.latencies, 99)} | ${percentile(r.latencies, 100)} | ${((r.cpu * 1000) / r.latencies.length).toFixed(2)} | ${r.loadBefore} |`,
  )
  .join('\n')}

Median p99: off ${off} ms, on ${on} ms (${on <= off * 1.1 ? 'within' : 'more than'} 10%: ${(((on - off) / off) * 100).toFixed(1)}%).
`);
}

ok.close();
await catcher.stop();
await outside?.stop();
const report = `# Notifications: latency and cost

\`npm run bench:notify\` on the production build served by scripts/server.mjs, ${cpus().length} cores shared by the load
generator, the stand-ins and the server. Measured ${new Date().toISOString().slice(0, 10)} on Node ${process.version}.

${sections.join('\n')}`;
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/notify.md', report);
console.log(`\n${report}`);
process.exit(failed ? 1 : 0);
