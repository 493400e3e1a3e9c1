import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { maintainEmbedded } from '@/server/db/maintenance';
import { freshEnvironment, postgresUrl } from './support/helpers';

/**
 * The embedded database has no autovacuum, so the site analyzes and vacuums its tables itself
 * (src/server/db/maintenance.ts): when it opens the database and as the tables grow. Without it the
 * planner has no statistics and guesses (see bench/results/inbox.md). PGlite only: a PostgreSQL
 * server runs its own autovacuum.
 */

await freshEnvironment({});

afterAll(closeDatabase);

async function query<T>(text: string): Promise<T[]> {
  const { db } = await getDatabase();
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}
const connection = { exec: async (text: string) => void (await query(text)), query };
const reltuples = async (table: string) =>
  (
    await query<{ n: number }>(
      `SELECT reltuples::int AS n FROM pg_class WHERE relname = '${table}'`,
    )
  )[0]!.n;
const addLeads = (n: number) =>
  query(`INSERT INTO leads (id, form, status, fields, created_at)
    SELECT gen_random_uuid(), 'contact', 'accepted', jsonb_build_object('firstName', 'Lead', 'lastName', i::text, 'email', 'lead' || i || '@example.com'), now()
    FROM generate_series(1, ${n}) AS i`);

describe.skipIf(postgresUrl)('embedded database maintenance', () => {
  it('analyzes the tables when it opens the database, so the planner knows how many leads there are', async () => {
    await getDatabase();
    await addLeads(3000);
    expect(await reltuples('leads')).toBeLessThan(0); // never analyzed
    await closeDatabase();
    await getDatabase(); // reopens: migrations, then maintenance
    expect(await reltuples('leads')).toBe(3000);
  });

  it('does it again only once a table has grown by a tenth', async () => {
    expect(await maintainEmbedded(connection)).toEqual([]);
    await addLeads(100);
    expect(await maintainEmbedded(connection)).toEqual([]);
    await addLeads(600);
    expect(await maintainEmbedded(connection)).toContain('leads');
    expect(await reltuples('leads')).toBe(3700);
    expect(await maintainEmbedded(connection)).toEqual([]);
  });
});
