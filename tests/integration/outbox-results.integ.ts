import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { leadDeliveries, leads } from '@/server/db/schema';
import { outboxOptions, runOutboxOnce } from '@/server/outbox/worker';
import { freshEnvironment, postgresUrl } from './support/helpers';
import { startReceiver } from './support/receiver';

/**
 * The embedded database has no autovacuum, so each claim leaves a dead entry in the indexes on a
 * job's status until the next maintenance run. Recording a group of results must find its jobs by
 * key, or every group reads all of those entries (thousands a minute under load).
 */

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
const receiver = await startReceiver({ secret: SECRET });
await freshEnvironment({
  LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
  LEADS_WEBHOOK_SECRET: SECRET,
  LEADS_RETRY_SCHEDULE_MS: 'none',
});

afterAll(async () => {
  await closeDatabase();
  await receiver.stop();
});

/** `count` contact leads, each with a webhook job due now (or, `delivered`, done with). */
async function enqueue(count: number, { delivered = false } = {}): Promise<void> {
  const { db } = await getDatabase();
  const now = new Date();
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.insert(leads).values(
    ids.map((id, n) => ({
      id,
      form: 'contact' as const,
      status: 'accepted' as const,
      fields: { firstName: 'Index', lastName: `Lead ${n}`, email: `index-${n}@example.com` },
    })),
  );
  await db.insert(leadDeliveries).values(
    ids.map((leadId) => ({
      id: randomUUID(),
      leadId,
      channel: 'webhook' as const,
      ...(delivered
        ? { status: 'delivered' as const, nextAttemptAt: null, deliveredAt: now }
        : { status: 'pending' as const, nextAttemptAt: now }),
    })),
  );
}

/** The outbox table's read counters so far (one connection on the embedded database: exact). */
async function reads(): Promise<{ statusIndex: number; tableScans: number }> {
  const { db } = await getDatabase();
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const result = await db.execute(sql`SELECT i.idx_tup_read::int AS "statusIndex",
      t.seq_scan::int AS "tableScans"
    FROM pg_stat_user_indexes i JOIN pg_stat_user_tables t USING (relid)
    WHERE i.indexrelname = 'lead_deliveries_status_form_channel_idx'`);
  return (result as unknown as { rows: { statusIndex: number; tableScans: number }[] }).rows[0]!;
}

describe('recording delivery results', () => {
  it('finds each job by its key, not by reading what past claims left in the status index', async () => {
    const options = outboxOptions({ batchSize: 50 });
    await enqueue(400);
    expect(await runOutboxOnce(options)).toBe(400);

    await enqueue(40);
    const before = await reads();
    expect(await runOutboxOnce(options)).toBe(40);
    expect((await reads()).statusIndex - before.statusIndex).toBeLessThan(40);
    expect(receiver.received).toHaveLength(440);
  });

  it('never reads the whole outbox for a group of results, even before its statistics exist', async () => {
    // The embedded database has no autovacuum: until maintenance runs, the planner knows nothing
    // of these jobs, and joined to a list of results it would read all of them for each group.
    for (let i = 0; i < 5; i += 1) await enqueue(1_000, { delivered: true });
    await enqueue(40);
    const before = await reads();
    expect(await runOutboxOnce(outboxOptions({ batchSize: 50 }))).toBe(40);
    // PostgreSQL keeps statistics as it goes (autovacuum), and its counter also takes reads this
    // test does not make (other connections', the foreign keys'), so the check is the embedded one's.
    if (!postgresUrl) expect((await reads()).tableScans - before.tableScans).toBe(0);
    expect(receiver.received).toHaveLength(480);
  });
});
