import 'server-only';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `<dataDir>.lock` holds the pid of the one process that has the embedded database open: PGlite
 * in two processes on one folder corrupts it. The file appears with its pid already in it (written
 * aside, then hard-linked into place, which fails if one exists), so no process ever reads an empty
 * lock; a stale one (its process gone) is moved aside by rename, which only one process can do.
 */

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file holds, or null if it is gone or holds no pid. */
function pidIn(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Why a process cannot open the embedded database in `dataDir`, and what to do. */
function inUse(dataDir: string, holder: number | null): string {
  return (
    `The embedded database ${dataDir} is in use by process ${holder}. Stop that process first (the site and the ` +
    `operator commands cannot open it at the same time), set DATABASE_URL to share a PostgreSQL server, or ` +
    `delete ${dataDir}.lock if that process is not this site.`
  );
}

/** At a site's start: throws why it cannot have the embedded database in `dataDir`, if it cannot. */
export function requireUnheldDataDir(dataDir: string): void {
  const holder = embeddedDatabaseHolder(dataDir);
  if (holder !== null) throw new Error(inUse(path.resolve(dataDir), holder));
}

/** The live process other than this one that holds the embedded database in `dataDir`, if any. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  const holder = pidIn(`${path.resolve(dataDir)}.lock`);
  return holder !== null && holder !== process.pid && isAlive(holder) ? holder : null;
}

/** Creates the lock holding `pid` if there is none; whether it did. */
function create(lockPath: string, pid: string): boolean {
  const written = `${lockPath}.${pid}.new`;
  writeFileSync(written, pid, { mode: 0o600 });
  try {
    linkSync(written, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(written);
  }
}

/** Takes `<dataDir>.lock` (holding our pid) or explains who holds it; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; !create(lockPath, mine); attempt += 1) {
    const holder = pidIn(lockPath);
    // Gone by now, left by a process that is gone (or had our pid, before a restart), or unreadable.
    const stale = holder === null || holder === process.pid || !isAlive(holder);
    if (!stale || attempt >= 5) throw new Error(inUse(dataDir, holder));
    // Moved aside, and removed only if it is still the lock read above.
    const aside = `${lockPath}.${mine}.stale`;
    try {
      renameSync(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    // Another process took the lock between the read and the rename: it goes back.
    if (pidIn(aside) !== holder) linkSync(aside, lockPath);
    unlinkSync(aside);
  }
  const release = () => {
    try {
      if (readFileSync(lockPath, 'utf8') === mine) unlinkSync(lockPath);
    } catch {
      // already gone
    }
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}
