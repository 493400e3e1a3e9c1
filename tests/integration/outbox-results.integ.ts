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

/** `count` contact leads, each with a webhook job due now. */
async function enqueue(count: number): Promise<void> {
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
      status: 'pending' as const,
      nextAttemptAt: now,
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
    const after = await reads();
    expect(after.statusIndex - before.statusIndex).toBeLessThan(40);
    // The embedded database has no statistics yet (no autovacuum): the one claim may read this
    // small table whole, the results' groups must not, or each reads every job until maintenance
    // runs. PostgreSQL analyzes as it goes, and rightly reads a table this small whole.
    if (!postgresUrl) expect(after.tableScans - before.tableScans).toBeLessThanOrEqual(1);
    expect(receiver.received).toHaveLength(440);
  });
});
