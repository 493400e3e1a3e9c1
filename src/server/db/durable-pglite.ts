import 'server-only';
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database, made as durable as a PostgreSQL server with fsync on: a lead answered
 * 201 survives a power loss or a host crash, not only the death of the process.
 *
 * Out of the box PGlite is not: it starts PostgreSQL with -F (fsync off), and its Node filesystem
 * (Emscripten's NODEFS) has no fsync operation, so even fsync=on would never reach the disk. Here:
 * - PostgreSQL starts without -F and with wal_sync_method=fsync: a commit returns only after its WAL
 *   has been fsynced (PostgreSQL's default, fdatasync, is a no-op in Emscripten's libc, fsync is not);
 * - NODEFS's streams get the fsync they lack, Node's fsyncSync on the real file (or directory);
 * - at every open the whole folder is fsynced once: initdb writes a new database without syncing, and a
 *   folder from before this (or copied, or restored) may hold unsynced data; when it is already on disk
 *   this costs about 0.1 s.
 * open() then checks the settings, so a PGlite upgrade that changed any of this fails loudly.
 * The cost is one fsync per commit; group commit (group-commit.ts) shares it among concurrent leads
 * (bench/results/leads.md). With `fsync: false` (LEADS_DATA_FSYNC=0) PGlite runs as shipped.
 */

type Stream = { nfd: number };
type Module = { NODEFS: { stream_ops?: { fsync?: (stream: Stream) => number }; tryFSOperation<T>(operation: () => T): T } };

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const patch = (mod: unknown) => {
      const { NODEFS } = mod as Module;
      if (!NODEFS?.stream_ops || typeof NODEFS.tryFSOperation !== 'function') throw new Error('PGlite NODEFS has changed: cannot make fsync durable');
      NODEFS.stream_ops.fsync = (stream) => {
        NODEFS.tryFSOperation(() => fsyncSync(stream.nfd));
        return 0;
      };
    };
    result.emscriptenOpts.preRun = [...(result.emscriptenOpts.preRun ?? []), patch];
    return result;
  }
}

/** fsync every file and directory under `root`, and the directory holding it. */
function fsyncTree(root: string): void {
  const sync = (target: string) => {
    const fd = openSync(target, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const target = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile()) sync(target);
    }
    sync(dir);
  };
  walk(root);
  sync(path.dirname(root));
}

export async function openEmbedded(dataDir: string, { fsync }: { fsync: boolean }): Promise<PGlite> {
  // pg_trgm: the inbox's search index (migration 0003).
  const extensions = { pg_trgm };
  if (!fsync) return PGlite.create(dataDir, { extensions });
  const client = await PGlite.create({
    fs: new DurableNodeFS(dataDir),
    extensions,
    startParams: [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'],
  });
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')",
    );
    const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
    const expected = { fsync: 'on', synchronous_commit: 'on', wal_sync_method: 'fsync', full_page_writes: 'on' };
    if (JSON.stringify(settings, Object.keys(expected).sort()) !== JSON.stringify(expected, Object.keys(expected).sort())) {
      throw new Error(`the embedded database is not durable: ${JSON.stringify(settings)}`);
    }
    fsyncTree(dataDir);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
