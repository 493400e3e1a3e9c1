// The lead benches' shared parts: the production server on a port, and a steady stream of posts.
//
// autocannon's rate limit sends each connection's per-second quota back to back when its timer
// fires, all at once: one instance at 200 req/s measures how fast a 200-request burst drains. So
// the rate is split over `streams` one-connection instances started evenly across the first second.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** scripts/server.mjs on 127.0.0.1:port with `env`; resolves once /api/health answers. */
export async function startServer(port, env) {
  const server = spawn(
    process.execPath,
    ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
    { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  // It closes the database on SIGTERM; wait for that before opening the folder elsewhere.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const kill = () => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {}
  };
  process.on('exit', kill);
  const origin = `http://127.0.0.1:${port}`;
  const health = async () => {
    try {
      const response = await fetch(`${origin}/api/health`);
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  };
  for (let i = 0; !(await health()); i++) {
    if (i > 300) throw new Error(`the server on ${origin} did not become healthy`);
    await sleep(200);
  }
  return {
    origin,
    health,
    /** CPU seconds the server has used, all its threads (Linux: /proc; elsewhere NaN). */
    cpuSeconds() {
      try {
        const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100)
      } catch {
        return NaN;
      }
    },
    async stop() {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {}
      await Promise.race([exited, sleep(30_000)]);
      process.off('exit', kill);
    },
  };
}

/**
 * Posts leads to `url` at `rate` per second for `seconds` over `streams` staggered connections.
 * `body(context)` makes each request's JSON (context: the stream's, kept until its response), then
 * `headers(context)`, if given, its extra headers; `onAcknowledged(id, context)` hears each 201.
 * With `record`, returns every latency and status.
 */
export async function postLeads({
  url,
  rate,
  seconds,
  streams,
  body,
  headers,
  onAcknowledged,
  record,
}) {
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  const stream = (streamRate) => {
    const instance = autocannon({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      connections: 1,
      overallRate: streamRate,
      duration: seconds,
      requests: [
        {
          setupRequest: (request, context) => {
            const json = body(context); // first: it fills the context that headers(context) reads
            return {
              ...request,
              body: json,
              headers: { ...request.headers, ...headers?.(context) },
            };
          },
          onResponse: (status, responseBody, context) => {
            if (status !== 201) return;
            try {
              onAcknowledged(JSON.parse(responseBody).id, context);
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
  };
  const perStream = Array.from(
    { length: streams },
    (_, i) => Math.floor(rate / streams) + (i < rate % streams ? 1 : 0),
  );
  const runs = [];
  for (let i = 0; i < streams; i++) {
    runs.push(stream(perStream[i]));
    await sleep(1000 / streams);
  }
  const results = await Promise.all(runs);
  const timeouts = results.reduce((sum, result) => sum + result.timeouts + result.errors, 0);
  return { latencies, statuses, errors: errors + timeouts };
}

/** The p-th percentile of sorted milliseconds, to 0.1 ms. */
export function percentile(sorted, p) {
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return Math.round(10 * (value ?? NaN)) / 10;
}
