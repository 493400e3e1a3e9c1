import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { forgedAddressHeaders } from '../integration/support/helpers';
import { BASE_PORT, killAll, startInstance, type Instance } from './support/instance';

/**
 * Two instances of the production server share one real PostgreSQL server (started on loopback by
 * the globalSetup), both running the delivery worker, behind a load balancer this test plays
 * (TRUST_PROXY=1). The receiver dedupes on Idempotency-Key and counts a second successful delivery
 * of a lead as a failure.
 */

const LEADS = 2_000;
const CONCURRENCY = 40;
const RATE_LIMIT = 10;
const postgresUrl = inject('postgresUrl');
const database = `scale_${process.pid}`;

const instances: Instance[] = [];
let receiver: Server;
const delivered = new Map<string, number>(); // Idempotency-Key -> successful deliveries
let failedOnPurpose = 0;
let requestsSeen = 0;
// 'flaky': a third fail at random; 'hang': take the request and never answer; 'ok': always 200.
let mode: 'flaky' | 'hang' | 'ok' = 'flaky';
const hanging = new Set<ServerResponse>();
const reachedReceiver = new Set<string>();

function startReceiver(): Promise<string> {
  receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      requestsSeen++;
      const key = String(req.headers['idempotency-key']);
      reachedReceiver.add(key);
      if (mode === 'hang') return void hanging.add(res);
      if (mode === 'flaky' && Math.random() < 1 / 3) {
        failedOnPurpose++;
        res.writeHead(500).end();
        return;
      }
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`),
    ),
  );
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `${postgresUrl}/${database}` });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

let leadNumber = 0;
/** One lead through the load balancer: it appends the visitor's address to what the client sent. */
async function post(
  instance: Instance,
  visitor: string,
  clientHeaders: Record<string, string> = {},
): Promise<{ status: number; id?: string }> {
  const n = leadNumber++;
  const xff = [clientHeaders['x-forwarded-for'], visitor].filter(Boolean).join(', ');
  const response = await fetch(`http://127.0.0.1:${instance.port}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientHeaders, 'x-forwarded-for': xff },
    body: JSON.stringify({
      firstName: 'Scale',
      lastName: `Lead ${n}`,
      email: `scale-${n}@example.com`,
      message: 'Two instances',
    }),
  });
  const body = (await response.json()) as { id?: string };
  return { status: response.status, id: body.id };
}

/** A different visitor address per lead, so only phase 2 meets the rate limit. */
const visitorFor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function waitForDeliveries(what: string): Promise<{ status: string; n: number }[]> {
  let status: { status: string; n: number }[] = [];
  for (let i = 0; i < 1_200; i++) {
    status = await query<{ status: string; n: number }>(
      "select status, count(*)::int as n from lead_deliveries where channel = 'webhook' group by status",
    );
    if (status.every((row) => row.status === 'delivered' || row.status === 'failed')) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: deliveries still open: ${JSON.stringify(status)}`);
}

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const webhook = await startReceiver();
    const env = {
      DATABASE_URL: `${postgresUrl}/${database}`,
      LEADS_WEBHOOK_URL: webhook,
      LEADS_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      TRUST_PROXY: '1',
      // Short waits: with 16 attempts and 1 in 3 failing, the chance that some lead of 2,000 fails
      // every one is about 5 in 10 million. The webhook timeout stays 15 s: a shorter one expires
      // on a busy machine before the 200 arrives, and the lead is sent again (at least once).
      LEADS_RETRY_SCHEDULE_MS: Array.from({ length: 15 }, () => '200').join(','),
      LEADS_SWEEP_INTERVAL_MS: '250',
      LEADS_WORKER: '1',
    };
    // Both start together: the migration's advisory lock must let exactly one apply it.
    instances.push(
      ...(await Promise.all([
        startInstance(BASE_PORT + 1, env),
        startInstance(BASE_PORT + 2, env),
      ])),
    );
  }, 400_000);

  afterAll(async () => {
    killAll();
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it(`delivers each of ${LEADS} leads posted across both exactly once while the receiver fails a third of requests`, async () => {
    const started = Date.now();
    const acknowledged: string[] = [];
    let next = 0;
    const errors: string[] = [];
    async function poster() {
      while (next < LEADS) {
        const n = next++;
        const { status, id } = await post(instances[n % instances.length]!, visitorFor(n));
        if (status === 201 && id) acknowledged.push(id);
        else errors.push(String(status));
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, poster));
    const postedMs = Date.now() - started;
    expect(errors).toEqual([]);
    expect(acknowledged).toHaveLength(LEADS);

    const status = await waitForDeliveries('phase 1');
    const drainedMs = Date.now() - started;
    const [stored] = await query<{ n: number }>(
      'select count(*)::int as n from leads where id = any($1::uuid[])',
      [acknowledged],
    );
    const [attempts] = await query<{ n: number; max: number }>(
      'select count(*)::int as n, max(attempt)::int as max from lead_delivery_attempts',
    );
    const duplicates = [...delivered.values()].filter((n) => n > 1).length;
    const deliveredByStatus = status.find((row) => row.status === 'delivered')?.n ?? 0;

    console.log(
      [
        `[scale] ${LEADS} leads over 2 instances in ${(postedMs / 1000).toFixed(1)} s (${Math.round(LEADS / (postedMs / 1000))}/s), all delivered after ${(drainedMs / 1000).toFixed(1)} s`,
        `[scale] stored ${stored!.n}, delivery rows ${JSON.stringify(status)}, receiver: ${requestsSeen} requests, ${failedOnPurpose} failed on purpose, ${delivered.size} distinct leads delivered, ${duplicates} duplicates`,
        `[scale] attempts recorded ${attempts!.n} (most for one lead: ${attempts!.max})`,
      ].join('\n'),
    );

    expect(stored!.n).toBe(LEADS); // none lost
    expect(deliveredByStatus).toBe(LEADS);
    expect(delivered.size).toBe(LEADS); // every lead reached the receiver
    expect([...delivered.keys()].sort()).toEqual([...acknowledged].sort());
    expect(duplicates).toBe(0); // none twice
    expect(failedOnPurpose).toBeGreaterThan(LEADS / 5); // the failures really happened
    // Each lead's one successful delivery is on record as one 2xx attempt, the failures too.
    const [successes] = await query<{ n: number; leads: number }>(
      "select count(*)::int as n, count(distinct d.lead_id)::int as leads from lead_delivery_attempts a join lead_deliveries d on d.id = a.delivery_id where d.channel = 'webhook' and a.http_status between 200 and 299",
    );
    expect(successes).toEqual({ n: LEADS, leads: LEADS });
    expect(attempts!.n - LEADS).toBeGreaterThan(LEADS / 5);
  }, 600_000);

  it(`shares one rate-limit window across both instances: ${RATE_LIMIT} of 30 posts from one visitor, whatever it forges`, async () => {
    // Windows are whole minutes in the database: keep the 30 posts inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000)
      await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await post(instances[i % 2]!, '192.0.2.50', forgedAddressHeaders(i))).status);
    console.log(
      `[scale] one visitor, 30 posts alternating instances with forged headers: ${statuses.filter((s) => s === 201).length} accepted`,
    );
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(201));
    expect(statuses.slice(RATE_LIMIT)).toEqual(Array(30 - RATE_LIMIT).fill(429));
    // The next visitor is unaffected, on either instance.
    expect((await post(instances[0]!, '192.0.2.51')).status).toBe(201);
    expect((await post(instances[1]!, '192.0.2.52')).status).toBe(201);
  }, 120_000);

  it('delivers every acknowledged lead exactly once after one instance is killed with deliveries in flight', async () => {
    await waitForDeliveries('before phase 3');
    const before = new Set(delivered.keys());
    const [victim, survivor] = instances as [Instance, Instance];
    mode = 'hang';
    // Leads keep arriving at both while the receiver holds every delivery without answering.
    const acknowledged: string[] = [];
    let stop = false;
    const posting = Array.from({ length: 10 }, async (_, worker) => {
      for (let i = 0; !stop; i++) {
        try {
          const { status, id } = await post(
            i % 2 ? survivor : victim,
            visitorFor(100_000 + worker * 10_000 + i),
          );
          if (status === 201 && id) acknowledged.push(id);
        } catch {
          // The victim died with this request in flight: never acknowledged.
        }
      }
    });
    // Kill the victim once about 50 of its deliveries (half of those held) hang at the receiver.
    for (let i = 0; i < 400 && hanging.size < 100; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const inFlight = hanging.size;
    victim.process.kill('SIGKILL');
    await victim.exited;
    stop = true;
    await Promise.all(posting);
    // The receiver is back: what it held is dropped unanswered and retried; the victim's jobs once
    // their claims expire (2 x 15 s + 5 s).
    for (const res of hanging) res.destroy();
    hanging.clear();
    mode = 'ok';
    const started = Date.now();
    const status = await waitForDeliveries('phase 3');
    const tookMs = Date.now() - started;

    const fresh = acknowledged.filter((id) => !before.has(id));
    const [open] = await query<{ n: number }>(
      `select count(*)::int as n from lead_deliveries where channel = 'webhook' and status <> 'delivered'`,
    );
    const [stored] = await query<{ n: number }>(`select count(*)::int as n from leads`);
    const [rows] = await query<{ n: number }>(
      `select count(*)::int as n from lead_deliveries where channel = 'webhook'`,
    );
    console.log(
      `[scale] SIGKILL with ${inFlight} deliveries hanging at the receiver: ${fresh.length} leads acknowledged meanwhile, all delivered ${(tookMs / 1000).toFixed(1)} s after, delivery rows ${JSON.stringify(status)}`,
    );
    expect(fresh.length).toBeGreaterThan(50);
    for (const id of fresh) expect(delivered.get(id), id).toBe(1);
    expect([...delivered.values()].filter((n) => n > 1)).toEqual([]);
    // Stored means delivered, for leads whose answer the victim never sent too.
    expect(open!.n).toBe(0);
    expect(rows!.n).toBe(stored!.n);
    expect(delivered.size).toBe(stored!.n);
    expect(survivor.process.exitCode).toBeNull();
  }, 300_000);
});
