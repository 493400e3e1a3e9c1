import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, postgresUrl, query as queryOn, startInstance, stopInstances, type Instance } from './support/instances';

/**
 * Two `next start` instances of the production build on two ports share one
 * real PostgreSQL server (started on loopback by the globalSetup) and both run
 * the delivery worker. 2,000 leads are posted across both while the webhook
 * receiver fails a third of the requests it gets. Every acknowledged lead must
 * be stored and delivered exactly once: the receiver deduplicates on
 * Idempotency-Key and counts a second successful delivery of a lead as a
 * failure. Figures are printed for the closing note.
 */

const LEADS = 2_000;
const CONCURRENCY = 40;
const database = `scale_${process.pid}`;
let databaseUrl = '';

const instances: Instance[] = [];
let receiver: Server;
const delivered = new Map<string, number>(); // Idempotency-Key -> successful deliveries
let failedOnPurpose = 0;
let requestsSeen = 0;

function startReceiver(): Promise<string> {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requestsSeen++;
      // A third of all requests fail (500), at random, whatever the lead.
      if (Math.random() < 1 / 3) {
        failedOnPurpose++;
        res.writeHead(500).end();
        return;
      }
      const key = String(req.headers['idempotency-key']);
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`)));
}

const query = <T>(sql: string, params: unknown[] = []) => queryOn<T>(databaseUrl, sql, params);

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    databaseUrl = await createDatabase(database);
    const webhook = await startReceiver();
    const env = {
      DATABASE_URL: databaseUrl,
      LEADS_WEBHOOK_URL: webhook,
      LEADS_RATE_LIMIT_PER_MINUTE: '0',
      // Short waits so every lead gets through in seconds: with 16 attempts and 1 in 3 failing,
      // the chance that some lead of 2,000 fails every attempt is about 5 in 10 million.
      LEADS_RETRY_SCHEDULE_MS: Array.from({ length: 15 }, () => '200').join(','),
      LEADS_SWEEP_INTERVAL_MS: '250',
      LEADS_WORKER: '1',
      LOG_LEVEL: 'warn',
    };
    // Both start together: the migration's advisory lock must let exactly one apply it.
    instances.push(...(await Promise.all([startInstance(3151, env), startInstance(3152, env)])));
  }, 120_000);

  afterAll(async () => {
    stopInstances(instances);
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
        const instance = instances[n % instances.length]!;
        const response = await fetch(`http://127.0.0.1:${instance.port}/api/leads/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Scale', lastName: `Lead ${n}`, email: `scale-${n}@example.com`, message: 'Two instances' }),
        });
        const body = (await response.json()) as { id?: string };
        if (response.status === 201 && body.id) acknowledged.push(body.id);
        else errors.push(`${response.status} ${JSON.stringify(body)}`);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, poster));
    const postedMs = Date.now() - started;
    expect(errors).toEqual([]);
    expect(acknowledged).toHaveLength(LEADS);

    // Wait until both workers have nothing left to do.
    let status: { status: string; n: number }[] = [];
    for (let i = 0; i < 600; i++) {
      status = await query<{ status: string; n: number }>('select status, count(*)::int as n from lead_deliveries group by status');
      if (status.every((row) => row.status === 'delivered' || row.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const drainedMs = Date.now() - started;
    const [stored] = await query<{ n: number }>('select count(*)::int as n from leads where id = any($1::uuid[])', [acknowledged]);
    const [attempts] = await query<{ n: number; max: number }>('select count(*)::int as n, max(attempt)::int as max from lead_delivery_attempts');
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
    // Each lead's one successful delivery is on record as one 2xx attempt; the failures are recorded too.
    const [successes] = await query<{ n: number; leads: number }>(
      'select count(*)::int as n, count(distinct d.lead_id)::int as leads from lead_delivery_attempts a join lead_deliveries d on d.id = a.delivery_id where a.http_status between 200 and 299',
    );
    expect(successes).toEqual({ n: LEADS, leads: LEADS });
    expect(attempts!.n - LEADS).toBeGreaterThan(LEADS / 5);
  }, 600_000);
});
