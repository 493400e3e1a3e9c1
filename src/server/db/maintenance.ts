import 'server-only';
import { describeError, log } from '@/server/log';
import type { MigrationConnection } from './migrate';

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has none: PGlite runs
 * one backend and no background workers, so without this its tables are never analyzed or vacuumed.
 * The planner then guesses every selectivity (at 100,000 leads it read all 90,000 delivered rows to
 * find a form's newest delivery, 1.4 s, instead of about 10 of them) and index-only scans read the
 * table anyway (the visibility map is never set).
 *
 * A table is due when it has never been analyzed or has grown by GROWTH since it last was (pages on
 * disk against the pages the last VACUUM or ANALYZE recorded: inserts and updates both add pages).
 * Checked when the database opens and every INTERVAL_MS after; the check itself reads pg_class only.
 */

const GROWTH = 0.1;
/** Smaller tables are read whole whatever the plan. */
const MIN_PAGES = 8;
const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

type TableSize = { name: string; relpages: number; reltuples: number; pages: number };

/** Vacuums and analyzes every table that is due; returns their names. */
export async function maintainEmbedded(connection: MigrationConnection): Promise<string[]> {
  const tables = await connection.query<TableSize>(
    `SELECT c.relname AS name, c.relpages, c.reltuples, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
     FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace ORDER BY c.relname`,
  );
  const due = tables.filter(
    (table) =>
      table.pages >= MIN_PAGES &&
      (table.reltuples < 0 || table.pages > table.relpages * (1 + GROWTH)),
  );
  for (const table of due) {
    const started = performance.now();
    await connection.exec(`VACUUM (ANALYZE) "${table.name.replace(/"/g, '""')}"`);
    log('info', 'db.maintenance', {
      table: table.name,
      pages: table.pages,
      ms: Math.round(performance.now() - started),
    });
  }
  return due.map((table) => table.name);
}

/** Runs maintainEmbedded every MAINTENANCE_INTERVAL_MS (without keeping the process alive); returns the stop function. */
export function scheduleMaintenance(connection: MigrationConnection): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainEmbedded(connection)
      .catch((error: unknown) =>
        log('warn', 'db.maintenance_failed', { error: describeError(error) }),
      )
      .finally(() => (running = false));
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
