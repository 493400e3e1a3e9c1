import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from './support/receiver';
import { leadRequest, postgresUrl, useFreshEnvironment, validBodies } from './support/helpers';

/**
 * What only a real PostgreSQL server can show (LEADS_TEST_DATABASE=postgres):
 * instances starting together apply each migration once (advisory lock), and
 * instances sweeping together never deliver the same lead twice (FOR UPDATE
 * SKIP LOCKED). Skipped on the embedded database, which is one process's own.
 */

const receiver = await startReceiver();
const { databaseUrl } = await useFreshEnvironment({ LEADS_WEBHOOK_URL: `${receiver.url}/hook`, LEADS_RATE_LIMIT_PER_MINUTE: '0' });

afterAll(async () => {
  const { closeDatabase } = await import('@/server/db/client');
  await closeDatabase();
  await receiver.stop();
});

describe.skipIf(!postgresUrl)('several instances on one PostgreSQL', () => {
  it('applies each migration once when instances start at the same moment', async () => {
    const pg = (await import('pg')).default;
    const { migrate } = await import('@/server/db/migrate');
    const clients = Array.from({ length: 4 }, () => new pg.Client({ connectionString: databaseUrl! }));
    await Promise.all(clients.map((client) => client.connect()));
    const applied = await Promise.all(
      clients.map((client) =>
        migrate({
          exec: async (sql) => void (await client.query(sql)),
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        }),
      ),
    );
    expect(applied.flat()).toEqual(['0001_leads.sql']);
    const { rows } = await clients[0]!.query('select name from lead_schema_migrations');
    expect(rows).toEqual([{ name: '0001_leads.sql' }]);
    await Promise.all(clients.map((client) => client.end()));
  });

  it('delivers every lead exactly once while three instances sweep at the same time', async () => {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { schema } = await import('@/server/db/schema');
    const { getDatabase } = await import('@/server/db/client');
    const { acceptLead } = await import('@/server/leads/accept-lead');
    const { runOutboxOnce, outboxOptions } = await import('@/server/outbox/worker');
    const { POST } = await import('@/app/api/leads/[form]/route');
    await getDatabase();

    // 60 stored leads, none attempted yet (accepted directly, without the request's immediate attempt).
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const { leadId } = await acceptLead({
        form: 'contact',
        status: 'accepted',
        fields: { ...validBodies.contact, email: `multi${i}@example.com` },
        attribution: {},
        ipHash: null,
        userAgent: null,
        webhookUrl: `${receiver.url}/hook`,
      }, { claimFirstAttempt: false, timeoutMs: 15_000 });
      ids.push(leadId);
    }
    const pools = [new pg.Pool({ connectionString: databaseUrl! }), new pg.Pool({ connectionString: databaseUrl! })];
    const instances = [undefined, ...pools.map((pool) => drizzle({ client: pool, schema }) as never)];
    const options = outboxOptions({ batchSize: 5 });
    const attempted = await Promise.all(instances.map((db) => runOutboxOnce(options, db)));
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(60);
    expect(attempted.filter((n) => n > 0).length).toBeGreaterThan(1); // the work really was shared
    for (const id of ids) expect(receiver.forLead(id)).toHaveLength(1);
    await Promise.all(pools.map((pool) => pool.end()));

    // And the route works on this server too.
    const response = await POST(leadRequest('demo', { body: JSON.stringify(validBodies.demo) }), { params: Promise.resolve({ form: 'demo' }) });
    expect(response.status).toBe(201);
  });
});
