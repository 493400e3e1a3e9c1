import 'server-only';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { env } from '@/env';
import { DATA_FOLDER, getDatabase } from './client';
import { EmbeddedDatabase } from './embedded';
import { ensurePrivateFolder, makeFolders } from './private-folder';

/**
 * Backups of the embedded database (`npm run leads -- backup|restore <file>`): the folder as a
 * gzipped tar, taken by the process that holds it after a checkpoint (pglite-thread.mjs), so every
 * lead acknowledged before it began is in it. A restore fills a new folder only. With DATABASE_URL,
 * PostgreSQL's own tools do this.
 */

export class BackupError extends Error {
  override name = 'BackupError';
}

const POSTGRES_ADVICE =
  'With DATABASE_URL the leads are in PostgreSQL: back it up with its own tools, e.g. ' +
  '`pg_dump --format=custom --file=leads.dump "$DATABASE_URL"` (restore with `pg_restore --dbname=<new database> ' +
  'leads.dump`), or the provider’s snapshots.';

function fsyncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes `bytes` to `file` (0600) so that a crash leaves the old file or the whole new one. */
function writeDurably(file: string, bytes: Uint8Array): void {
  const partial = `${file}.partial-${process.pid}`;
  const fd = openSync(partial, 'wx', 0o600);
  try {
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    // A copy of every lead is never left under another name.
    unlinkSync(partial);
    throw error;
  }
  fsyncPath(path.dirname(file));
}

/** What the file system's refusal means to the operator, for the errors a mistyped path gives. */
const pathProblems: Record<string, string> = {
  ENOENT: 'its folder does not exist and cannot be made there',
  ENOTDIR: 'part of the path is a file, not a folder',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
};

/** A file system error on `where` as a BackupError saying why, when it is one of those. */
function pathError(error: unknown, where: string): unknown {
  const problem = pathProblems[(error as NodeJS.ErrnoException).code ?? ''];
  return problem ? new BackupError(`Cannot use ${where}: ${problem}.`) : error;
}

/**
 * The backup's file as a path to write: a new file, or a regular file to replace (never a folder,
 * a device such as /dev/full, or a link, which the rename would replace, nor a file of the database
 * itself); its folder made (private).
 */
function backupTarget(file: string): string {
  const target = path.resolve(file);
  if (isInsideDatabase(target))
    throw new BackupError(
      `${file} is inside the database's own folder (${path.resolve(env.LEADS_DATA_DIR)}): a backup there would overwrite it. Name a file elsewhere.`,
    );
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory())
    throw new BackupError(
      `${file} is a folder: name a file in it, e.g. ${path.join(file, `leads-${new Date().toISOString().slice(0, 10)}.tar.gz`)}`,
    );
  if (existing && !existing.isFile())
    throw new BackupError(
      `${file} is not a regular file (a device, link or socket): name a new file, or an earlier backup to replace.`,
    );
  makeFolders(path.dirname(target), 0o700);
  return target;
}

/** Whether `target` (absolute) is the site's database folder or in it. */
function isInsideDatabase(target: string): boolean {
  const inside = path.relative(path.resolve(env.LEADS_DATA_DIR), target);
  return !inside.startsWith('..') && !path.isAbsolute(inside);
}

/** Snapshots the embedded database into `file` (an absolute path; replaced if it exists). */
async function backupEmbedded(file: string): Promise<{ bytes: number; ms: number }> {
  if (env.DATABASE_URL) throw new BackupError(POSTGRES_ADVICE);
  const started = performance.now();
  const { embedded } = await getDatabase();
  if (!embedded) throw new BackupError(POSTGRES_ADVICE);
  try {
    const target = backupTarget(file);
    const tarball = await embedded.dumpDataDir();
    writeDurably(target, tarball);
    return { bytes: tarball.length, ms: Math.round(performance.now() - started) };
  } catch (error) {
    throw pathError(error, file);
  }
}

/** Fills the new or empty folder `dataDir` from the backup `file`; returns what it holds. */
async function restoreEmbedded(
  file: string,
  dataDir: string,
): Promise<{ leads: number; ms: number }> {
  if (env.DATABASE_URL) throw new BackupError(POSTGRES_ADVICE);
  const target = path.resolve(dataDir);
  const source = path.resolve(file);
  if (!statSync(source, { throwIfNoEntry: false })?.isFile())
    throw new BackupError(`${file} is not a backup file: there is no file at ${source}.`);
  // The site's folder itself is never empty; one inside it would ride along in every backup.
  if (target !== path.resolve(env.LEADS_DATA_DIR) && isInsideDatabase(target))
    throw new BackupError(
      `${dataDir} is inside the database's own folder (${path.resolve(env.LEADS_DATA_DIR)}): restore into a folder elsewhere.`,
    );
  let entries: string[] | null = null;
  try {
    entries = readdirSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw pathError(error, target);
  }
  if (entries && entries.length > 0)
    throw new BackupError(
      `${target} is not empty: a backup is restored into a new folder only (it never overwrites a database). ` +
        `Name another with --to <folder>, or move that one away first.`,
    );
  try {
    ensurePrivateFolder(target, DATA_FOLDER);
  } catch (error) {
    throw pathError(error, target);
  }
  const started = performance.now();
  const database = await EmbeddedDatabase.open(target, {
    fsync: env.LEADS_DATA_FSYNC,
    restoreFrom: source,
  }).catch((error: unknown) => {
    // The folder was new or empty: what the failed restore wrote there is removed with it.
    if (entries)
      for (const entry of readdirSync(target))
        rmSync(path.join(target, entry), { recursive: true });
    else rmSync(target, { recursive: true, force: true });
    throw new BackupError(
      `${file} could not be restored (${error instanceof Error ? error.message : String(error)}); ${target} is left as it was.`,
    );
  });
  try {
    const { rows } = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
    return { leads: rows[0]?.n ?? 0, ms: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}

/** `backup <file>` and `restore <file> [--to <folder>]`, as the operator commands run them. */
export async function runBackupCommand(
  [command, file, ...rest]: string[],
  out: (text: string) => Promise<void>,
): Promise<number> {
  if (!file || file.startsWith('--'))
    throw new BackupError(
      `${command} needs a file, e.g. ${command} backups/leads-2026-11-27.tar.gz`,
    );
  if (command === 'backup') {
    const { bytes, ms } = await backupEmbedded(file);
    await out(`Backed up to ${file} (${(bytes / 1_048_576).toFixed(1)} MB in ${ms} ms)\n`);
    return 0;
  }
  const index = rest.indexOf('--to');
  const target = index === -1 ? env.LEADS_DATA_DIR : rest[index + 1];
  if (!target) throw new BackupError('--to needs a folder');
  const { leads, ms } = await restoreEmbedded(file, target);
  await out(
    `Restored ${leads} lead(s) into ${path.resolve(target)} in ${ms} ms. Start the site on it with ` +
      `LEADS_DATA_DIR=${path.resolve(target)}\n`,
  );
  return 0;
}
