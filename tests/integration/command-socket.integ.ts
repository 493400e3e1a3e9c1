import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { commandSocketPath, forwardCommand, serveCommands } from '@/server/admin/command-socket';
import { getDatabase } from '@/server/db/client';
import { freshEnvironment } from './support/helpers';

/**
 * The command socket carries an operator's password, so it is never in a folder someone else can
 * write: beside the data folder in a folder of its own (0700), or, when that path is too long for a
 * socket, in this user's own folder under the temp folder, never the temp folder itself. The site
 * checks the folder before it listens, the command line checks folder and socket before it sends a
 * byte: a listener another user placed first gets nothing.
 */

await freshEnvironment({});

const root = mkdtempSync(path.join(tmpdir(), 'command-socket-'));
const listeners: net.Server[] = [];
afterAll(() => {
  for (const listener of listeners) listener.close();
  rmSync(root, { recursive: true, force: true });
});

/** A listener someone else started first on `socketPath`: records every byte it is sent. */
async function impostor(socketPath: string): Promise<{ received: () => string }> {
  let received = '';
  const server = net.createServer((socket) =>
    socket.on('data', (chunk: Buffer) => (received += chunk.toString())),
  );
  listeners.push(server);
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return { received: () => received };
}

const quiet = { out: async () => undefined, err: async () => undefined };
/** The command line sending add-operator's password over `socket`. */
const sendPassword = (socket: string) =>
  forwardCommand(
    socket,
    ['add-operator', 'ana@agency.example'],
    { password: 'hunter2hunter2' },
    quiet,
  );

describe('the command socket', () => {
  it('is beside the data folder, in a folder of its own that only this user can open', () => {
    const socket = commandSocketPath(path.join(root, 'pglite'));
    expect(socket).toBe(path.join(root, 'pglite.commands', 'socket'));
  });

  it('moves to a folder of this user’s own under the temp folder when that path is too long, never the temp folder itself', () => {
    const long = path.join(root, 'x'.repeat(120), 'pglite');
    const socket = commandSocketPath(long);
    expect(path.dirname(socket)).toBe(path.join(tmpdir(), `leads-commands-${process.getuid!()}`));
    expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(100);
  });

  it('is not served, and gets no password, in a folder others can write', async () => {
    const dataDir = path.join(root, 'shared-folder', 'pglite');
    const socket = commandSocketPath(dataDir);
    mkdirSync(path.dirname(socket), { recursive: true });
    chmodSync(path.dirname(socket), 0o777);
    const listener = await impostor(socket);

    await expect(serveCommands(dataDir)).rejects.toThrow(
      /can be opened by other users \(mode 777\)\. Make it private with `chmod -R go-rwx/,
    );
    await expect(sendPassword(socket)).rejects.toThrow(/can be opened by other users/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listener.received()).toBe('');
  });

  it.skipIf(process.getuid?.() !== 0)(
    'gets no password from the command line when its folder belongs to another user',
    async () => {
      const dataDir = path.join(root, 'their-folder', 'pglite');
      const socket = commandSocketPath(dataDir);
      mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
      const listener = await impostor(socket);
      chownSync(path.dirname(socket), 65534, 65534); // nobody
      await expect(sendPassword(socket)).rejects.toThrow(/belongs to user 65534/);
      expect(listener.received()).toBe('');
    },
  );

  it('gives the command line a reason, not a wait without end, when the site does not answer', async () => {
    const dataDir = path.join(root, 'frozen', 'pglite');
    const socket = commandSocketPath(dataDir);
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    await impostor(socket); // takes the connection and never answers, as a stopped site's kernel does
    const started = Date.now();
    await expect(
      forwardCommand(socket, ['help'], {}, quiet, { answerWithinMs: 500 }),
    ).rejects.toThrow('the site did not answer within 0.5 s');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is served in a private folder, mode 0600, and answers the command line', async () => {
    const dataDir = path.join(root, 'served', 'pglite');
    await serveCommands(dataDir);
    const socket = commandSocketPath(dataDir);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    let out = '';
    const code = await forwardCommand(
      socket,
      ['help'],
      {},
      {
        out: async (text) => void (out += text),
        err: async () => undefined,
      },
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: npm run leads/);
  });

  it('carries an export full of accented and CJK names whole, however its chunks split them', async () => {
    const { db } = await getDatabase();
    await db.execute(sql`
      INSERT INTO leads (id, form, status, fields, attribution)
      SELECT gen_random_uuid(), 'contact', 'accepted',
        jsonb_build_object('firstName', 'Zoë' || n, 'lastName', 'Łukasiewicz-日本語', 'email', 'utf' || n || '@example.com', 'message', repeat('é', n % 7)),
        '{}'::jsonb
      FROM generate_series(1, 3000) AS n`);
    const socket = commandSocketPath(path.join(root, 'served', 'pglite'));
    let out = '';
    const code = await forwardCommand(
      socket,
      ['export', '--csv'],
      {},
      { out: async (text) => void (out += text), err: async () => undefined },
    );
    expect(code).toBe(0);
    expect(out.length).toBeGreaterThan(100_000); // many of the stream's chunks
    expect(out).not.toContain('\uFFFD');
    expect(out.match(/,Zoë\d+,Łukasiewicz-日本語,/g)).toHaveLength(3000);
  });
});
