import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabase } from '@/server/db/embedded';
import { smallDisk } from '../support/small-disk';
import { postgresUrl } from './support/helpers';

/**
 * PostgreSQL PANICs when it cannot create its next write-ahead log segment, as on a full disk, and
 * a server restarts and recovers. PGlite would carry on and spin forever on the next statement, so
 * the thread ends instead, saying why; the folder opens again once there is room, with every
 * commit before. A tmpfs of its own, filled to the last byte.
 */

// Not on PostgreSQL: this is the embedded database's own disk.
const disk = postgresUrl ? null : smallDisk(64);
const dataDir = disk ? path.join(disk.folder, 'pglite') : '';

afterAll(() => disk?.remove());

describe.skipIf(!disk?.mounted)('the embedded database on a full disk', () => {
  it('ends its thread on the PANIC with the reason, opens again once there is room, and keeps every commit', async () => {
    const stops: Error[] = [];
    const database = await EmbeddedDatabase.open(dataDir, {
      fsync: false,
      onStop: (error) => stops.push(error),
    });
    await database.exec('CREATE TABLE t (id int PRIMARY KEY)');
    await database.query('INSERT INTO t VALUES (1)');

    disk!.fill();
    // The next record must go in a new log segment, which cannot be created.
    const failure = await database
      .query('SELECT pg_switch_wal()')
      .then(() => database.query('INSERT INTO t VALUES (2)'))
      .then(
        () => null,
        (error: unknown) => error as Error & { code?: string },
      );
    expect(failure).toMatchObject({ code: '53100', message: /No space left on device/ });
    await expect.poll(() => stops.length).toBe(1);
    expect(stops[0]!.message).toMatch(
      /^the embedded database's thread stopped after: .*No space left on device/,
    );
    await expect(database.query('SELECT 1')).rejects.toThrow(/thread stopped after/);

    // No room to replay the log: the open fails rather than hangs.
    await expect(EmbeddedDatabase.open(dataDir, { fsync: false })).rejects.toThrow();

    disk!.free();
    const reopened = await EmbeddedDatabase.open(dataDir, { fsync: false });
    try {
      expect((await reopened.query<{ id: number }>('SELECT id FROM t ORDER BY id')).rows).toEqual([
        { id: 1 },
      ]);
      await reopened.query('INSERT INTO t VALUES (2)');
      expect((await reopened.query('SELECT id FROM t')).rows).toHaveLength(2);
    } finally {
      await reopened.close();
    }
  });
});
