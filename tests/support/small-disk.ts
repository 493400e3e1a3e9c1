import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A tmpfs of `megabytes` of its own, for tests of a disk that fills up. Mounting needs root
 * (CAP_SYS_ADMIN): without it `mounted` is false and the caller skips, saying so.
 */
export function smallDisk(megabytes: number) {
  const root = mkdtempSync(path.join(tmpdir(), 'small-disk-'));
  const folder = path.join(root, 'disk');
  mkdirSync(folder);
  const mounted =
    spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', folder])
      .status === 0;
  if (!mounted) console.log('[small disk] skipped: mounting a small tmpfs needs root');
  const filler = path.join(folder, 'filler');
  return {
    mounted,
    folder,
    /** Writes zeros until the disk refuses another byte. */
    fill(): void {
      const chunk = Buffer.alloc(1024 * 1024);
      const fd = openSync(filler, 'w');
      try {
        for (let size = chunk.length; size >= 1;) {
          try {
            writeSync(fd, chunk, 0, size);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            size = Math.floor(size / 2);
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    /** Gives back what fill() took. */
    free(): void {
      rmSync(filler, { force: true });
    },
    remove(): void {
      if (mounted) spawnSync('umount', ['--lazy', folder]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
