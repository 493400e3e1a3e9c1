import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { EmbeddedDatabase } from '@/server/db/embedded';
import { freshEnvironment, postgresUrl } from './support/helpers';

/**
 * The embedded database runs on a thread of its own (src/server/db/embedded.ts). Across the thread
 * it behaves as PGlite does in the server's thread: rows and types, errors with their codes,
 * transactions that commit or roll back and hold other statements back; the server thread keeps
 * answering during a long statement, a rejected statement fails alone, and a stopped thread fails
 * what waited on it, after which the site opens its database again.
 */

await freshEnvironment({});

const root = mkdtempSync(path.join(tmpdir(), 'embedded-thread-'));
const stops: Error[] = [];
const database = await EmbeddedDatabase.open(path.join(root, 'pglite'), {
  fsync: false,
  onStop: (error) => stops.push(error),
});
await database.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, doc jsonb)');

afterAll(async () => {
  await closeDatabase();
  await database.close().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(postgresUrl)('the embedded database on its own thread', () => {
  it('returns rows as PGlite does, and the types drizzle asks for as PostgreSQL text', async () => {
    await database.query('INSERT INTO t VALUES ($1, $2, $3)', [
      1,
      '2026-11-26T10:00:00Z',
      JSON.stringify({ a: [1, 'two'] }),
    ]);
    const parsed = await database.query<{ id: number; at: Date; doc: unknown }>('SELECT * FROM t');
    expect(parsed.rows).toEqual([
      { id: 1, at: new Date('2026-11-26T10:00:00Z'), doc: { a: [1, 'two'] } },
    ]);
    const raw = await database.query<unknown[]>('SELECT id, at FROM t', [], {
      rowMode: 'array',
      parsers: { 1184: (value) => value },
    });
    expect(raw.rows).toEqual([[1, '2026-11-26 10:00:00+00']]);
    expect(raw.fields.map((field) => field.name)).toEqual(['id', 'at']);
  });

  it('refuses a parser that is not the identity, since a function cannot cross to the thread', async () => {
    await expect(
      database.query('SELECT 1', [], { parsers: { 23: (value) => Number(value) } }),
    ).rejects.toThrow(/identity parsers/);
  });

  it("passes PostgreSQL's errors with their code and constraint", async () => {
    const error = await database
      .query('INSERT INTO t (id) VALUES (1)')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('fails only the statement PostgreSQL rejects, with the parsers drizzle sends, and every other statement in flight succeeds', async () => {
    const identity = (value: string) => value;
    const asDrizzle = { rowMode: 'array' as const, parsers: { 1184: identity, 1082: identity } };
    const statements = Array.from({ length: 20 }, (_, i) =>
      i % 5 === 2
        ? database.query('SELECT $1::timestamptz AS at', ['0000-01-01'], asDrizzle)
        : database.query<unknown[]>('SELECT $1::int + 1 AS n', [i], asDrizzle),
    );
    const settled = await Promise.allSettled(statements);
    settled.forEach((outcome, i) => {
      if (i % 5 === 2)
        expect(outcome, `statement ${i}`).toMatchObject({
          status: 'rejected',
          reason: { code: '22008' },
        });
      else expect(outcome, `statement ${i}`).toMatchObject({ value: { rows: [[i + 1]] } });
    });
    expect(stops).toEqual([]);
    expect((await database.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it("keeps the site's database open through a statement PostgreSQL rejects", async () => {
    const before = await getDatabase();
    await expect(before.db.execute(sql`SELECT ${'0000-01-01'}::date`)).rejects.toMatchObject({
      cause: { code: '22008' },
    });
    expect(await getDatabase()).toBe(before);
    expect(await before.db.execute(sql`SELECT 1 AS n`)).toMatchObject({ rows: [{ n: 1 }] });
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    await database.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (2)');
      await tx.exec('INSERT INTO t (id) VALUES (3)');
    });
    await expect(
      database.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (4)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await database.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('holds other statements back until a transaction ends, as one connection does', async () => {
    const seen: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (10)');
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = database
      .query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 10')
      .then((result) => {
        seen.push(result.rows[0]!.n);
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]); // still waiting for the transaction
    release();
    await Promise.all([transaction, outside]);
    expect(seen).toEqual([1]);
  });

  it("keeps the server's thread free while a statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    await database.query('SELECT pg_sleep(0.3)');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(20);
  });

  it('fails what was waiting, and everything after, once the thread stops', async () => {
    const other = await EmbeddedDatabase.open(path.join(root, 'second'), {
      fsync: false,
      onStop: (error) => stops.push(error),
    });
    const waiting = other.query('SELECT pg_sleep(5)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await (other as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/thread stopped/);
    await expect(other.query('SELECT 1')).rejects.toThrow(/thread stopped/);
    expect(stops.map((error) => error.message)).toEqual([expect.stringMatching(/thread stopped/)]);
  });

  it("opens the site's database again for the next request once its thread stops, with what it had stored", async () => {
    const first = await getDatabase();
    await first.db.execute(sql`INSERT INTO lead_settings (key, value) VALUES ('probe', 'kept')`);
    await (
      first.db as unknown as { $client: { worker: { terminate(): Promise<number> } } }
    ).$client.worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await getDatabase();
    expect(second).not.toBe(first);
    const { rows } = (await second.db.execute(
      sql`SELECT value FROM lead_settings WHERE key = 'probe'`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ value: 'kept' }]);
  });
});
