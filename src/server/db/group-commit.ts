import 'server-only';
import { env } from '@/env';

/**
 * Group commit: rows that arrive while a write is in flight are written together by the next
 * statement, so under load the per-statement cost (parse, plan, commit, WAL flush) is shared; this
 * keeps the embedded database's p99 low at a few hundred leads a second (bench/results/leads.md).
 * An idle database writes a row at once. lingerMs gathers more rows for writes nobody waits on (a
 * group of twenty costs about what two rows do). A failed group is retried row by row, so one bad
 * row never fails its neighbours.
 * concurrency may be a function, read as rows arrive: a module can make its writer at import,
 * before the environment it depends on is read.
 */
export function groupCommit<Row, Result>(
  write: (rows: Row[]) => Promise<Result[]>,
  {
    maxRows = 100,
    concurrency = 1,
    lingerMs = 0,
  }: { maxRows?: number; concurrency?: number | (() => number); lingerMs?: number } = {},
): (row: Row) => Promise<Result> {
  type Waiting = { row: Row; resolve: (result: Result) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let writers = 0;

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      const results = await write(group.map((waiting) => waiting.row));
      group.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const waiting of group) {
        try {
          waiting.resolve((await write([waiting.row]))[0]!);
        } catch (rowError) {
          waiting.reject(rowError);
        }
      }
    }
  }

  async function drain(): Promise<void> {
    writers += 1;
    try {
      while (queue.length > 0) {
        // Each group short of maxRows lingers, not only the first: rows arriving during a write
        // wait for company instead of following it one or two at a time.
        if (lingerMs > 0 && queue.length < maxRows)
          await new Promise((resolve) => setTimeout(resolve, lingerMs));
        await writeGroup(queue.splice(0, maxRows));
      }
    } finally {
      writers -= 1;
    }
  }

  return (row) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ row, resolve, reject });
      if (writers < (typeof concurrency === 'function' ? concurrency() : concurrency)) void drain();
    });
}

/** Writers per table: PGlite runs one statement at a time; a PostgreSQL pool takes a few at once. */
export function databaseWriters(): number {
  return env.DATABASE_URL ? 4 : 1;
}
