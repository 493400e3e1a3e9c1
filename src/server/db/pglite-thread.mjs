// The embedded database's own thread. PGlite runs PostgreSQL as WebAssembly on the thread that
// calls it, so on the server's thread each statement would hold up every request; here requests
// wait only for their own (bench/results/leads.md). Plain JavaScript: Node loads it by path.
//
// Messages in: { id, op: 'query', sql, params, rowMode?, rawTypes?, tx? } | { id, op: 'exec', sql,
//   tx? } | { id, op: 'begin' } (the transaction's id is this id) | { id, op: 'commit' |
//   'rollback', tx } | { id, op: 'dump' } (a backup, see backup()) | { id, op: 'close' }.
// Messages out: { ready: true } or { ready: false, error } once, then { id, result } or { id, error
// }, and { ended: error } last if PostgreSQL gives up (failed() below).
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * Durability as a PostgreSQL server's with fsync on: a lead answered 201 survives a power loss.
 * PGlite starts PostgreSQL with -F (fsync off) and its NODEFS has no fsync, so:
 * - PostgreSQL starts without -F and with wal_sync_method=fsync (the default, fdatasync, is a
 *   no-op in Emscripten's libc);
 * - NODEFS's streams get the fsync they lack, Node's fsyncSync on the real file;
 * - each open fsyncs the whole folder once (initdb does not sync; a copied or restored folder may
 *   hold unsynced data); about 0.1 s when it is already on disk.
 * openEmbedded() checks the settings, so a PGlite upgrade that changes this fails loudly. The cost,
 * one fsync per commit, is shared by group commit (bench/results/leads.md).
 *
 * Privacy, with fsync on or off: the folder holds every lead and the inbox's secrets, so files are
 * 0600 and folders 0700 whatever the umask: PGlite asks for 0666 (Emscripten has no umask), and
 * NODEFS's create and chmod lose the group's and others' bits.
 */
const OTHERS = 0o077;

class SiteNodeFS extends NodeFS {
  constructor(dataDir, { fsync }) {
    super(dataDir);
    this.durable = fsync;
  }

  async init(pg, options) {
    const result = await super.init(pg, options);
    const durable = this.durable;
    const patch = (mod) => {
      const { NODEFS } = mod;
      const ops = NODEFS?.node_ops;
      if (
        !NODEFS?.stream_ops ||
        typeof NODEFS.tryFSOperation !== 'function' ||
        typeof ops?.mknod !== 'function' ||
        typeof ops?.setattr !== 'function' ||
        typeof NODEFS.stream_ops.setattr !== 'function'
      )
        throw new Error('PGlite NODEFS has changed: cannot make the folder private and durable');
      const { mknod, setattr } = ops;
      const { setattr: streamSetattr } = NODEFS.stream_ops;
      const privately = (attr) =>
        attr.mode == null ? attr : { ...attr, mode: attr.mode & ~OTHERS };
      ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~OTHERS, dev);
      ops.setattr = (node, attr) => setattr(node, privately(attr));
      NODEFS.stream_ops.setattr = (stream, attr) => streamSetattr(stream, privately(attr));
      if (durable)
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
function fsyncTree(root) {
  const sync = (target) => {
    const fd = openSync(target, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (dir) => {
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

async function openEmbedded(dataDir, { fsync, restoreFrom }) {
  // pg_trgm: the inbox's search index. restoreFrom: a backup (backup() below) to fill the new
  // folder with before PostgreSQL starts on it.
  const extensions = { pg_trgm };
  const loadDataDir = restoreFrom ? new Blob([gunzipSync(readFileSync(restoreFrom))]) : undefined;
  if (!fsync)
    return PGlite.create({ fs: new SiteNodeFS(dataDir, { fsync }), extensions, loadDataDir });
  const client = await PGlite.create({
    fs: new SiteNodeFS(dataDir, { fsync }),
    extensions,
    loadDataDir,
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'wal_sync_method=fsync',
    ],
  });
  try {
    const { rows } = await client.query(
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')",
    );
    const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
    const expected = {
      fsync: 'on',
      synchronous_commit: 'on',
      wal_sync_method: 'fsync',
      full_page_writes: 'on',
    };
    if (
      JSON.stringify(settings, Object.keys(expected).sort()) !==
      JSON.stringify(expected, Object.keys(expected).sort())
    ) {
      throw new Error(`the embedded database is not durable: ${JSON.stringify(settings)}`);
    }
    fsyncTree(dataDir);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

// An error crosses the thread as its name, message and PostgreSQL's other text fields: not
// `queryOptions` (functions cannot be posted) nor the statement's `params`. errors.ts decides what
// of this leaves src/server/db/.
const transferable = (error) => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string') fields[key] ??= value;
  return fields;
};
const plain = (result) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});
const identity = (value) => value;

let pg;
try {
  pg = await openEmbedded(workerData.dataDir, workerData);
} catch (error) {
  parentPort.postMessage({ ready: false, error: transferable(error) });
  process.exit(1);
}

/** Open transactions by id: the PGlite transaction handle and how to end it. */
const transactions = new Map();

function begin(id) {
  return new Promise((began) => {
    const entry = {};
    // PGlite holds other statements back until this callback's promise settles, like a connection.
    entry.ended = pg
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { tx, commit, rollback });
            transactions.set(id, entry);
            began();
          }),
      )
      .then(
        () => null,
        (error) => error,
      );
  });
}

async function end(id, commit) {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  transactions.delete(id);
  if (commit) entry.commit();
  else entry.rollback(new Error('rolled back'));
  const failure = await entry.ended;
  if (commit && failure) throw failure;
}

async function run(message) {
  const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
  if (!target) throw new Error(`no open transaction ${message.tx}`);
  switch (message.op) {
    case 'query': {
      // drizzle asks for some types as text (identity parsers): they travel as their names.
      const parsers =
        message.rawTypes && Object.fromEntries(message.rawTypes.map((type) => [type, identity]));
      return plain(
        await target.query(message.sql, message.params, { rowMode: message.rowMode, parsers }),
      );
    }
    case 'exec':
      return (await target.exec(message.sql)).map(plain);
    case 'begin':
      return begin(message.id);
    case 'commit':
    case 'rollback':
      return end(message.tx, message.op === 'commit');
    case 'dump':
      return backup();
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

/** Answers one message; a reply that cannot be posted fails only its statement, not the thread. */
function reply(id, answer) {
  try {
    // A backup's bytes move to the other thread instead of being copied.
    const transfer = answer.result instanceof Uint8Array ? [answer.result.buffer] : [];
    parentPort.postMessage({ id, ...answer }, transfer);
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { name: 'Error', message: `the answer could not be sent back: ${error.message}` },
    });
  }
}

/*
 * Backups: the folder as a gzipped tar between two statements with no transaction open. New
 * statements wait (`paused`) until those in flight and open transactions end; a checkpoint writes
 * every page, and the files are read synchronously so nothing runs meanwhile. WAL segments after
 * the current one are spares (hundreds of MB after a busy hour) and stay out.
 */
let paused = null;
let inFlight = 0;

/** `name` as a 512-byte ustar header. */
function tarHeader(name, { size, mode, mtimeMs, directory }) {
  if (Buffer.byteLength(name) > 99)
    throw new Error(`a backup cannot name ${name}: too long for tar`);
  const header = Buffer.alloc(512);
  const octal = (value, length) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  header.write(name, 0);
  header.write(octal(mode & 0o7777, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(directory ? 0 : size, 12), 124);
  header.write(octal(Math.floor(mtimeMs / 1000), 12), 136);
  header.write(' '.repeat(8), 148);
  header.write(directory ? '5' : '0', 156);
  header.write('ustar\0' + '00', 257);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** The folder under `root` as an uncompressed tar, read synchronously; `skip` leaves files out. */
function tarFolder(root, skip) {
  const blocks = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(root, name);
      if (entry.isDirectory()) {
        blocks.push(tarHeader(name, { ...statSync(full), directory: true }));
        walk(name);
      } else if (entry.isFile() && !skip(name)) {
        const data = readFileSync(full);
        blocks.push(tarHeader(name, { ...statSync(full), size: data.length }), data);
        if (data.length % 512) blocks.push(Buffer.alloc(512 - (data.length % 512)));
      }
    }
  };
  walk('');
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

async function backup() {
  let resume;
  paused = new Promise((resolve) => (resume = resolve));
  let tar;
  try {
    while (inFlight > 1 || transactions.size > 0)
      await new Promise((resolve) => setTimeout(resolve, 1));
    await pg.exec('CHECKPOINT');
    const { rows } = await pg.query('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS wal');
    const current = rows[0].wal;
    tar = tarFolder(
      workerData.dataDir,
      (name) => /^pg_wal\/[0-9A-F]{24}$/.test(name) && name.slice(7) > current,
    );
  } finally {
    paused = null;
    resume();
  }
  return new Uint8Array(await promisify(gzip)(tar));
}

/*
 * PostgreSQL ends its session after a PANIC (a write-ahead log segment it could not create on a
 * full disk) or a FATAL, and a server restarts and recovers; PGlite carries on and spins forever on
 * the next statement. So the thread says why and ends: the site opens the folder again, which
 * replays the log, once there is room.
 */
function failed(id, error) {
  reply(id, { error: transferable(error) });
  if (error?.severity !== 'PANIC' && error?.severity !== 'FATAL') return;
  parentPort.postMessage({ ended: transferable(error) });
  process.exit(1);
}

parentPort.on('message', async (message) => {
  if (paused && message.tx === undefined) await paused;
  inFlight += 1;
  run(message)
    .then(
      (result) => reply(message.id, { result: result ?? null }),
      (error) => failed(message.id, error),
    )
    .finally(() => (inFlight -= 1));
});
parentPort.postMessage({ ready: true });
