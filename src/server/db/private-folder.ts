import 'server-only';
import { chmodSync, existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Folders only the site's user may open: the embedded database's and the command socket's (an
 * operator's password goes over it). A new one is made 0700 whatever the umask; an existing one
 * must be this user's and closed to others, or the caller stops with the fix. Nothing is tightened
 * behind the operator's back: a folder others could open may already have been read.
 */

export class PrivateFolderError extends Error {
  override name = 'PrivateFolderError';
}

const OTHERS = 0o077;

/**
 * `mkdir -p`, one folder at a time: Node's recursive mkdir never returns where the kernel answers
 * ENOENT for a folder whose parent exists (anywhere under /proc), and would hang the process.
 */
export function makeFolders(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing) mkdirSync(folder, { mode });
}

/** Makes `dir` (mode 0700) unless it exists, then checks it as assertPrivateFolder does. */
export function ensurePrivateFolder(
  dir: string,
  what: string,
  { followLinks = true }: { followLinks?: boolean } = {},
): void {
  const resolved = path.resolve(dir);
  makeFolders(path.dirname(resolved));
  try {
    mkdirSync(resolved, { mode: 0o700 });
    chmodSync(resolved, 0o700); // the umask may have taken the owner's bits too
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  assertPrivateFolder(resolved, what, { followLinks });
}

/** Throws a PrivateFolderError unless `dir` is this user's folder and no one else can open it. */
export function assertPrivateFolder(
  dir: string,
  what: string,
  { followLinks = true }: { followLinks?: boolean } = {},
): void {
  const resolved = path.resolve(dir);
  const stats = followLinks ? statSync(resolved) : lstatSync(resolved);
  if (!stats.isDirectory())
    throw new PrivateFolderError(
      `${what} ${resolved} is not a folder${followLinks ? '' : ' (a link is not accepted here)'}: move it away and start again.`,
    );
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid)
    throw new PrivateFolderError(
      `${what} ${resolved} belongs to user ${stats.uid}, not to the user running this (${uid}). Run the site and the ` +
        `operator commands as the user who owns it (or \`chown -R ${uid} ${resolved}\` if it is yours).`,
    );
  if ((stats.mode & OTHERS) !== 0)
    throw new PrivateFolderError(
      `${what} ${resolved} can be opened by other users (mode ${(stats.mode & 0o777).toString(8)}). ` +
        `Make it private with \`chmod -R go-rwx ${resolved}\`, then start again.`,
    );
}
