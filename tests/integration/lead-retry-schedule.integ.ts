import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, min } from 'drizzle-orm';
import { DEFAULT_RETRY_SCHEDULE_MS } from '@/env';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { leadDeliveries } from '@/server/db/schema';
import { outboxOptions, runOutboxOnce } from '@/server/outbox/worker';
import { startReceiver } from './support/receiver';
import { storeLead } from './support/store-lead';
import { freshEnvironment } from './support/helpers';

/**
 * With the default retry schedule (src/env.ts, +/-20% jitter), outages of 30 minutes and 6 hours
 * end with every lead delivered, none failed, soon after the receiver is back. Hours run in
 * seconds: runOutboxOnce sweeps a real database with an injected clock at each 5 s tick (the
 * default sweep interval) at which something is due, against a receiver answering 503 until the
 * outage ends. Leads arrive throughout.
 */

const receiver = await startReceiver();
await freshEnvironment({
  LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
});

const SWEEP_MS = 5_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// A small deterministic PRNG for the jitter, so a failure can be reproduced.
let seed = 18_009;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

beforeAll(async () => {
  await getDatabase();
});

afterAll(async () => {
  await closeDatabase();
  await receiver.stop();
});

async function outage(label: string, startsAt: number, outageMs: number, leads: number) {
  const { db } = await getDatabase();
  const ends = startsAt + outageMs;
  let clock = startsAt;
  const options = outboxOptions({ now: () => new Date(clock), random, batchSize: 50 });
  expect(options.schedule).toEqual(DEFAULT_RETRY_SCHEDULE_MS);

  const ids: string[] = [];
  for (let i = 0; i < leads; i += 1) {
    const now = new Date(startsAt + (outageMs * i) / leads);
    ids.push(await storeLead('contact', { email: `${label}-${i}@example.com` }, { now }));
  }

  let sweeps = 0;
  for (; sweeps < 5_000; sweeps += 1) {
    const [due] = await db
      .select({ at: min(leadDeliveries.nextAttemptAt) })
      .from(leadDeliveries)
      .where(
        and(
          inArray(leadDeliveries.leadId, ids),
          eq(leadDeliveries.channel, 'webhook'),
          eq(leadDeliveries.status, 'pending'),
        ),
      );
    if (!due?.at) break;
    clock = Math.max(
      clock,
      startsAt + Math.ceil((new Date(due.at).getTime() - startsAt) / SWEEP_MS) * SWEEP_MS,
    );
    receiver.setDefault(clock < ends ? 503 : 200);
    await runOutboxOnce(options);
  }

  const rows = await db
    .select()
    .from(leadDeliveries)
    .where(and(inArray(leadDeliveries.leadId, ids), eq(leadDeliveries.channel, 'webhook')));
  const lastDelivered = Math.max(
    ...rows.map((row) => (row.deliveredAt ? new Date(row.deliveredAt).getTime() : Infinity)),
  );
  const accepted = (id: string) =>
    receiver.forLead(id).filter((request) => request.answer === 200).length;
  const summary = {
    statuses: [...new Set(rows.map((row) => row.status))],
    failed: rows.filter((row) => row.status === 'failed').length,
    deliveredOnce: ids.filter((id) => accepted(id) === 1).length,
    mostAttempts: Math.max(...rows.map((row) => row.attempts)),
    lastDeliveredAfterOutageMin: Math.round((lastDelivered - ends) / MINUTE),
    sweeps,
  };
  console.log(`[retry schedule] ${label}: ${JSON.stringify(summary)}`);
  return summary;
}

describe('the default retry schedule through a receiver outage', () => {
  it(
    'delivers every lead of a 30-minute outage, none failed, within 20 minutes of its end',
    { timeout: 180_000 },
    async () => {
      const result = await outage(
        'outage-30min',
        Date.parse('2030-01-07T09:00:00Z'),
        30 * MINUTE,
        30,
      );
      expect(result).toMatchObject({ statuses: ['delivered'], failed: 0, deliveredOnce: 30 });
      expect(result.lastDeliveredAfterOutageMin).toBeLessThanOrEqual(20);
    },
  );

  it(
    'delivers every lead of a 6-hour outage, none failed, within 3 hours of its end',
    { timeout: 180_000 },
    async () => {
      const result = await outage('outage-6h', Date.parse('2030-02-04T18:00:00Z'), 6 * HOUR, 30);
      expect(result).toMatchObject({ statuses: ['delivered'], failed: 0, deliveredOnce: 30 });
      expect(result.lastDeliveredAfterOutageMin).toBeLessThanOrEqual(180);
    },
  );
});
