import 'server-only';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { log } from '@/server/log';

/**
 * Applies the migrations generated from schema.ts in the journal's order, once each (recorded in
 * lead_schema_migrations), each in its own transaction. The run holds an advisory lock, so
 * instances starting together on one database wait for each other. The files are read from the
 * project root at run time, so they stay plain SQL.
 */

// The folder is spelled out in each fs call (not a variable) so the bundler traces exactly it.
const LOCK_KEY = 7_272_150_401; // any constant bigint; names this app's migration lock

/** The fix for a migration PostgreSQL refuses for the server's set-up, by SQLSTATE. */
const SETUP_HINTS: Record<string, string> = {
  '42501':
    "The database role lacks a right the migration needs: make it the database's owner (docs/deploying.md, Several instances).",
  '58P01':
    "An extension the migration needs is not installed on the PostgreSQL server: install the server's contrib package.",
};

/** What a migration needs from a raw connection: multi-statement exec, a parameterised query. */
export type MigrationConnection = {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
};

/** A node-postgres client (or pool client) as a MigrationConnection. */
export function clientConnection(client: {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}): MigrationConnection {
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T>(sql: string, params?: unknown[]) =>
      (await client.query(sql, params)).rows as T[],
  };
}

export async function readMigrations(): Promise<
  Array<{ name: string; sql: string; checksum: string }>
> {
  const journal = JSON.parse(
    await readFile(
      path.join(process.cwd(), 'src', 'server', 'db', 'migrations', 'meta', '_journal.json'),
      'utf8',
    ),
  ) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const names = [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map((entry) => `${entry.tag}.sql`);
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(
        path.join(process.cwd(), 'src', 'server', 'db', 'migrations', name),
        'utf8',
      );
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export async function migrate(connection: MigrationConnection): Promise<string[]> {
  const migrations = await readMigrations();
  const applied: string[] = [];
  await connection.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await connection.exec(`CREATE TABLE IF NOT EXISTS lead_schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Map(
      (
        await connection.query<{ name: string; checksum: string }>(
          'SELECT name, checksum FROM lead_schema_migrations',
        )
      ).map((row) => [row.name, row.checksum]),
    );
    for (const migration of migrations) {
      const checksum = done.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum)
          log('warn', 'db.migration_changed', { name: migration.name });
        continue;
      }
      await connection.exec('BEGIN');
      try {
        await connection.exec(migration.sql);
        await connection.query(
          'INSERT INTO lead_schema_migrations (name, checksum) VALUES ($1, $2)',
          [migration.name, migration.checksum],
        );
        await connection.exec('COMMIT');
      } catch (error) {
        await connection.exec('ROLLBACK').catch(() => undefined);
        const code = (error as { code?: unknown }).code;
        const hint = typeof code === 'string' ? SETUP_HINTS[code] : undefined;
        log('error', 'db.migration_failed', { name: migration.name, code, ...(hint && { hint }) });
        throw error;
      }
      applied.push(migration.name);
      log('info', 'db.migration_applied', { name: migration.name });
    }
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
  }
  return applied;
}
