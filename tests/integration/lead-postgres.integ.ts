import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { POST } from '@/app/api/leads/[form]/route';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { clientConnection, migrate, readMigrations } from '@/server/db/migrate';
import { schema } from '@/server/db/schema';
import { checkRateLimit } from '@/server/http/rate-limit';
import { runOutboxOnce, outboxOptions } from '@/server/outbox/worker';
import { startReceiver } from './support/receiver';
import { storeLead } from './support/store-lead';
import {
  leadRequest,
  postgresUrl,
  freshEnvironment,
  setEnvironment,
  validBodies,
} from './support/helpers';

/**
 * What only a real PostgreSQL server can show (LEADS_TEST_DATABASE=postgres): instances starting
 * together apply each migration once (advisory lock), and instances sweeping together never deliver
 * the same lead twice (FOR UPDATE SKIP LOCKED). Skipped on the embedded database, which is one
 * process's own.
 */

const SECRET = `whsec_${Buffer.alloc(32, 12).toString('base64')}`;
const receiver = await startReceiver({ secret: SECRET });
const { databaseUrl } = await freshEnvironment({
  LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
  LEADS_WEBHOOK_SECRET: SECRET,
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
});

afterAll(async () => {
  await closeDatabase();
  await receiver.stop();
});

describe.skipIf(!postgresUrl)('several instances on one PostgreSQL', () => {
  it('applies each migration once when instances start at the same moment', async () => {
    const names = (await readMigrations()).map(({ name }) => name);
    const clients = Array.from(
      { length: 4 },
      () => new pg.Client({ connectionString: databaseUrl! }),
    );
    await Promise.all(clients.map((client) => client.connect()));
    const applied = await Promise.all(clients.map((client) => migrate(clientConnection(client))));
    expect(applied.flat().sort()).toEqual(names);
    const { rows } = await clients[0]!.query(
      'select name from lead_schema_migrations order by name',
    );
    expect(rows.map((row: { name: string }) => row.name)).toEqual(names);
    await Promise.all(clients.map((client) => client.end()));
  });

  it('counts rate-limit windows in the database, shared by every instance, keyed by a hash of the address', async () => {
    const address = '203.0.113.99';
    const now = Date.now();
    const results = [];
    for (let i = 0; i < 4; i += 1)
      results.push(await checkRateLimit('leads:test', address, 3, now));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    // Another instance sees the same window: its first request from that address is over the limit.
    const other = new pg.Client({ connectionString: databaseUrl! });
    await other.connect();
    const { rows } = await other.query<{ key: string; count: number }>(
      "select key, count from rate_limit_windows where key like 'leads:%'",
    );
    await other.end();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(4);
    expect(rows[0]!.key).not.toContain(address);
  });

  it('delivers every lead exactly once while three instances sweep at the same time', async () => {
    await getDatabase();

    // 60 stored leads, none attempted yet (accepted directly, without a request's first attempt).
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      ids.push(await storeLead('contact', { email: `multi${i}@example.com` }));
    }
    const pools = [
      new pg.Pool({ connectionString: databaseUrl! }),
      new pg.Pool({ connectionString: databaseUrl! }),
    ];
    const instances = [
      undefined,
      ...pools.map((pool) => drizzle({ client: pool, schema }) as never),
    ];
    const options = outboxOptions({ batchSize: 5 });
    const attempted = await Promise.all(instances.map((db) => runOutboxOnce(options, db)));
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(60);
    expect(attempted.filter((n) => n > 0).length).toBeGreaterThan(1); // the work really was shared
    for (const id of ids) expect(receiver.forLead(id)).toHaveLength(1);
    expect(receiver.unverified()).toEqual([]);
    await Promise.all(pools.map((pool) => pool.end()));

    // And the route works on this server too.
    const response = await POST(leadRequest('demo', { body: JSON.stringify(validBodies.demo) }), {
      params: Promise.resolve({ form: 'demo' }),
    });
    expect(response.status).toBe(201);
  });
});

describe.skipIf(!postgresUrl)('a role that does not own its database', () => {
  it('stops at the first migration it may not apply, and the log names it and the fix', async () => {
    const name = `leads_${randomBytes(6).toString('hex')}`;
    const asSuperuser = async (database: string, statements: string[]) => {
      const client = new pg.Client({ connectionString: `${postgresUrl}/${database}` });
      await client.connect();
      for (const statement of statements) await client.query(statement);
      await client.end();
    };
    await asSuperuser('postgres', [`CREATE DATABASE ${name}`, `CREATE ROLE ${name} LOGIN`]);
    // Every right on the schema, so only the extension (a database owner's right) is refused.
    await asSuperuser(name, [`GRANT ALL ON SCHEMA public TO ${name}`]);
    const url = new URL(`${postgresUrl}/${name}`);
    url.username = name;
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    setEnvironment({ LOG_LEVEL: 'error' });
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(migrate(clientConnection(client))).rejects.toMatchObject({ code: '42501' });
      const failures = stderr.mock.calls
        .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
        .filter((line) => line.event === 'db.migration_failed');
      expect(failures).toEqual([
        expect.objectContaining({
          name: '0003_pg_trgm.sql',
          code: '42501',
          hint: expect.stringContaining("make it the database's owner"),
        }),
      ]);
    } finally {
      stderr.mockRestore();
      setEnvironment({ LOG_LEVEL: process.env.LEADS_TEST_LOG_LEVEL ?? 'silent' });
      await client.end();
    }
  });
});
