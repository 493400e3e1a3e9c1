import 'server-only';
import { describeError, log } from '@/server/log';
import type { MigrationConnection } from './migrate';

/**
 * Autovacuum for the embedded database, which has none (PGlite runs no background workers). Without
 * statistics the planner guesses (at 100,000 leads it reads all 90,000 delivered rows, 1.4 s, to
 * find a form's newest delivery) and index-only scans read the table (no visibility map).
 *
 * A table is due when never analyzed or grown by GROWTH in pages since the last VACUUM or ANALYZE
 * (inserts and updates both add pages). The check reads pg_class only.
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

/** Runs maintainEmbedded every MAINTENANCE_INTERVAL_MS, unref'd; returns the stop function. */
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
