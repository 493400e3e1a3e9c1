import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { safeDatabaseError } from './errors';

/**
 * PGlite on a worker thread of its own (pglite-thread.mjs says why), behind the part of its
 * interface this app uses. Statements run one at a time in the order sent, as on one connection; a
 * transaction's statements carry its id. If the thread stops, every waiting statement fails and the
 * next one reopens the database (client.ts).
 */

type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string) => unknown>;
};
type Result<T> = {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};
type Waiting = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Reply = {
  ready?: boolean;
  id?: number;
  result?: unknown;
  error?: Record<string, unknown>;
  /** PostgreSQL's PANIC or FATAL, after which the thread ends. */
  ended?: Record<string, unknown>;
};

export type EmbeddedTransaction = Pick<EmbeddedDatabase, 'query' | 'exec'>;

// Node loads the thread's file from the project, never a bundled copy: a bundled PGlite cannot
// find its files (it locates them through a URL the bundler rewrites).
const THREAD_FILE = path.join(process.cwd(), 'src', 'server', 'db', 'pglite-thread.mjs');

/** An error posted by the thread: its name, message and PostgreSQL's naming fields. */
function toError(fields: Record<string, unknown>): Error {
  const error = Object.assign(new Error(String(fields.message)), fields);
  return safeDatabaseError(error);
}

export class EmbeddedDatabase {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    onStop: (error: Error) => void,
  ) {
    let ended: Error | null = null;
    worker.on('message', (reply: Reply) => {
      if (reply.ended) ended = toError(reply.ended);
      if (reply.id === undefined) return;
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error) waiting?.reject(toError(reply.error));
      else waiting?.resolve(reply.result);
    });
    const stop = (error: Error) => {
      if (this.stopped) return;
      this.stopped = error;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
      onStop(error);
    };
    worker.on('error', (error) =>
      stop(new Error(`the embedded database's thread failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) =>
      stop(
        ended
          ? new Error(`the embedded database's thread stopped after: ${ended.message}`, {
              cause: ended,
            })
          : new Error(`the embedded database's thread stopped (exit code ${code})`),
      ),
    );
  }

  /**
   * Starts the thread and opens the database in `dataDir`, first filled from the backup
   * `restoreFrom` if given; `onStop` hears if the thread ever stops.
   */
  static async open(
    dataDir: string,
    {
      fsync,
      restoreFrom,
      onStop = () => undefined,
    }: { fsync: boolean; restoreFrom?: string; onStop?: (error: Error) => void },
  ): Promise<EmbeddedDatabase> {
    // Reflect.construct: the bundler recognises `new Worker(...)` and swaps in its own copy.
    const worker: Worker = Reflect.construct(Worker, [
      THREAD_FILE,
      { workerData: { dataDir, fsync, restoreFrom } },
    ]);
    await new Promise<void>((resolve, reject) => {
      const exited = (code: number) =>
        reject(
          new Error(`the embedded database's thread stopped while opening (exit code ${code})`),
        );
      worker.once('error', reject);
      worker.once('exit', exited);
      worker.once('message', (reply: Reply) => {
        worker.off('error', reject);
        worker.off('exit', exited);
        if (reply.ready) resolve();
        else reject(toError(reply.error ?? { message: 'the embedded database did not open' }));
      });
    });
    return new EmbeddedDatabase(worker, onStop);
  }

  private send<T>(message: Record<string, unknown>, id = this.nextId++): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /**
   * One statement. Parsers only name the types to return as PostgreSQL's text (drizzle's are the
   * identity); a function cannot cross to the thread, so any other parser is refused.
   */
  query<T>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Result<T>> {
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    if (options?.parsers && Object.values(options.parsers).some((parse) => parse('0') !== '0')) {
      return Promise.reject(new Error('the embedded database only takes identity parsers'));
    }
    return this.send({ op: 'query', sql, params, rowMode: options?.rowMode, rawTypes, tx });
  }

  exec(sql: string, tx?: number): Promise<Result<unknown>[]> {
    return this.send({ op: 'exec', sql, tx });
  }

  /** Runs `run` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(run: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.send({ op: 'begin' }, id);
    let result: T;
    try {
      result = await run({
        query: (sql, params, options) => this.query(sql, params, options, id),
        exec: (sql) => this.exec(sql, id),
      });
    } catch (error) {
      await this.send({ op: 'rollback', tx: id }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: 'commit', tx: id });
    return result;
  }

  /** The whole database as a gzipped tar, taken between two statements with no transaction open. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.send({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.send({ op: 'close' });
    this.stopped ??= new Error('the embedded database is closed');
    await this.worker.terminate();
  }
}
