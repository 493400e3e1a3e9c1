import 'server-only';
import { statfsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { env } from '@/env';
import { describeError, log } from '@/server/log';
import { lockDataDir, requireUnheldDataDir } from './data-lock';
import { EmbeddedDatabase } from './embedded';
import { installQueryErrorGuard } from './errors';
import { maintainEmbedded, scheduleMaintenance } from './maintenance';
import { clientConnection, migrate } from './migrate';
import { ensurePrivateFolder } from './private-folder';
import { leadSettings, schema } from './schema';
import { processGlobals } from '@/server/process';

/**
 * The process's one database handle, cached on globalThis so that dev reloads keep it: a Pool on
 * DATABASE_URL (instances share it: migrations take an advisory lock, the outbox claims rows with
 * SKIP LOCKED), else embedded PGlite in LEADS_DATA_DIR (docs/database.md). A second process opening
 * the embedded folder would silently fork it, so a lock file beside the folder refuses that.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (backups), or null on PostgreSQL. */
  embedded: EmbeddedDatabase | null;
  /** Random per-database salt for hashing client addresses. */
  ipHashSalt: string;
  close(): Promise<void>;
};

/** How messages name LEADS_DATA_DIR. */
export const DATA_FOLDER = "The embedded database's folder";

/** Thrown (and mapped to 503) when the database cannot be opened or reached. */
class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * Whether `error` says the database could not be opened or reached (not that a statement failed).
 * By name: the handle is shared on globalThis by bundles that each have their own copy of the class.
 */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  error instanceof Error && error.name === 'DatabaseUnavailableError';

const cache = processGlobals;

export function getDatabase(): Promise<Database> {
  cache.__leadsDatabase ??= open().catch((error: unknown) => {
    cache.__leadsDatabase = undefined; // try again on the next call
    log('error', 'db.open_failed', { error: describeError(error) });
    throw new DatabaseUnavailableError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  });
  return cache.__leadsDatabase;
}

export async function closeDatabase(): Promise<void> {
  const pending = cache.__leadsDatabase;
  cache.__leadsDatabase = undefined;
  if (pending) await (await pending.catch(() => null))?.close();
}

/**
 * At server start: makes the embedded database's folder, or throws the reason and the fix (others
 * can open it, or another process has it open: a second site on it would answer every lead 503).
 */
export function requireDataFolder(dataDir: string): void {
  ensurePrivateFolder(dataDir, DATA_FOLDER);
  requireUnheldDataDir(dataDir);
}

async function open(): Promise<Database> {
  installQueryErrorGuard((error) =>
    log('error', 'db.query_failed', { error: describeError(error) }),
  );
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : openPglite(path.resolve(env.LEADS_DATA_DIR));
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A connection left half-open by a failover or a dropped route ends in an error within the
    // system's keepalive and retransmission limits (minutes), not a statement that waits for ever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => log('warn', 'db.pool_error', { error: describeError(error) }));
  try {
    const client = await pool.connect();
    try {
      await migrate(clientConnection(client));
    } finally {
      client.release();
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      embedded: null,
      ipHashSalt: await readSalt(db),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  ensurePrivateFolder(dataDir, DATA_FOLDER);
  const release = lockDataDir(dataDir);
  let stopMaintenance = () => {};
  let database: Database | undefined;
  let client: EmbeddedDatabase | undefined;
  try {
    client = await EmbeddedDatabase.open(dataDir, {
      fsync: env.LEADS_DATA_FSYNC,
      // The thread died (out of memory, a crash inside PostgreSQL): what waited on it has failed,
      // and the next request opens the database again (this process still holds the lock).
      onStop: (error) => {
        log('error', 'db.embedded_stopped', { error: describeError(error) });
        stopMaintenance();
        const cached = cache.__leadsDatabase;
        void cached?.then(
          (current) => {
            if (current === database && cache.__leadsDatabase === cached)
              cache.__leadsDatabase = undefined;
          },
          () => undefined,
        );
      },
    });
    const embedded = client;
    const connection = {
      exec: async (sql: string) => void (await embedded.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) =>
        (await embedded.query<T>(sql, params)).rows,
    };
    await migrate(connection);
    // No autovacuum here: statistics before the first query, then as tables grow (maintenance.ts).
    await maintainEmbedded(connection).catch((error: unknown) =>
      log('warn', 'db.maintenance_failed', { error: describeError(error) }),
    );
    stopMaintenance = scheduleMaintenance(connection);
    // drizzle's PGlite driver uses only query and transaction, which EmbeddedDatabase has.
    const db = drizzlePglite({ client: embedded as unknown as PGlite, schema }) as unknown as Db;
    database = {
      db,
      kind: 'pglite',
      embedded,
      ipHashSalt: await readSalt(db),
      close: async () => {
        stopMaintenance();
        await embedded.close();
        release();
      },
    };
    return database;
  } catch (error) {
    stopMaintenance();
    await client?.close().catch(() => undefined);
    release();
    throw onFullDisk(dataDir, error);
  }
}

/** Room for one write-ahead log segment, which PostgreSQL may need to create at any moment. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * PGlite says only that it failed to initialize; on a disk with less room than a log segment the
 * open failed for want of it, so the error says so, with PostgreSQL's code for a full disk.
 */
function onFullDisk(dataDir: string, error: unknown): unknown {
  let free: number;
  try {
    const disk = statfsSync(dataDir);
    free = disk.bavail * disk.bsize;
  } catch {
    return error;
  }
  if (free >= WAL_SEGMENT_BYTES) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return Object.assign(
    new Error(
      `${reason}: No space left on device (${(free / 1024 / 1024).toFixed(1)} MB free under ${dataDir})`,
      { cause: error },
    ),
    { code: '53100' },
  );
}

async function readSalt(db: Db): Promise<string> {
  const [row] = await db.select().from(leadSettings).where(eq(leadSettings.key, 'ip_hash_salt'));
  if (!row) throw new Error('lead_settings.ip_hash_salt is missing');
  return row.value;
}
