/**
 * The operator commands, `npm run leads -- <command>` (`help` lists them). On the embedded
 * database held by a running site, the site runs the command (src/server/admin/command-socket.ts).
 * Output is written with backpressure and the process exits only once all of it is written, so a
 * pipe or an ssh session gets every byte. Runs under the react-server condition (package.json) so
 * the 'server-only' fence resolves as on the server.
 */
import nextEnv from '@next/env';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';

nextEnv.loadEnvConfig(process.cwd());
// Standard output is for the command's own output (CSV goes there); info logs are noise here.
process.env.LOG_LEVEL ||= 'warn';

const { env } = await import('@/env');
const { closeDatabase } = await import('@/server/db/client');
const { embeddedDatabaseHolder } = await import('@/server/db/data-lock');
const { CommandError, commandsNeedingPassword, opensSiteDatabase, runCommand } =
  await import('@/server/admin/commands');
const { commandSocketPath, forwardCommand } = await import('@/server/admin/command-socket');

/** Writes and waits until the stream has taken it (or fails: EPIPE when the reader has gone). */
function writeTo(stream: Writable): (text: string) => Promise<void> {
  return (text) =>
    new Promise((resolve, reject) => {
      stream.write(text, (error) => (error ? reject(error) : resolve()));
    });
}

/** The password: one line of standard input when it is not a terminal, else a silent prompt. */
async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write('Password (at least 12 characters, not shown): ');
  stdin.setRawMode(true);
  stdin.resume();
  let password = '';
  try {
    for (;;) {
      const [chunk] = (await once(stdin, 'data')) as [Buffer];
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return password;
        if (char === '\u0003') throw new Error('cancelled');
        if (char === '\u007f' || char === '\b') password = password.slice(0, -1);
        else password += char;
      }
    }
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}

// A reader that goes away (EPIPE) fails the pending write, which main() reports; the stream's own
// error event must not crash the process first.
process.stdout.on('error', () => undefined);

async function main(args: string[]): Promise<number> {
  const io = { out: writeTo(process.stdout), err: writeTo(process.stderr) };
  const input = commandsNeedingPassword.has(args[0] ?? '')
    ? { password: await readPassword() }
    : {};
  // Backup and restore paths (the file, the folder after --to) are from where the operator stands
  // (npm runs this from the root); anything else stays as typed, for the refusal to quote.
  if (args[0] === 'backup' || args[0] === 'restore')
    args = args.map((arg, i) =>
      (i === 1 || args[i - 1] === '--to') && !arg.startsWith('--')
        ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg)
        : arg,
    );
  // A restore fills a new folder and never touches the site's database: it runs here.
  const holder =
    env.DATABASE_URL || args[0] === 'restore' ? null : embeddedDatabaseHolder(env.LEADS_DATA_DIR);
  if (holder === null) {
    // A site started with another LEADS_DATA_DIR would never see what this command writes here.
    const folder = path.resolve(env.LEADS_DATA_DIR);
    if (
      !env.DATABASE_URL &&
      opensSiteDatabase(args[0]) &&
      !existsSync(path.join(folder, 'PG_VERSION'))
    ) {
      // A backup of a database just made would hold nothing, and a scheduled one would not say so.
      if (args[0] === 'backup')
        throw new CommandError(
          `there is no database in ${folder} to back up: give this command the site's LEADS_DATA_DIR ` +
            `(.env or the environment).`,
        );
      await io.err(
        `Note: no database in ${folder} yet, so this command creates one. No site is running on it: ` +
          `if yours runs, give this command its LEADS_DATA_DIR (.env or the environment).\n`,
      );
    }
    return runCommand(args, io, input);
  }
  const socket = commandSocketPath(env.LEADS_DATA_DIR);
  try {
    return await forwardCommand(socket, args, input, io);
  } catch (error) {
    // Our own reader went away (e.g. `| head`): not the holder's doing.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') throw error;
    throw new CommandError(
      `process ${holder} (the site, or another operator command) holds the embedded database ${path.resolve(env.LEADS_DATA_DIR)} ` +
        `but did not run the command through ${socket} (${error instanceof Error ? error.message : String(error)}). If it is ` +
        `the site, restart it with this version or stop it; if it is another command, run this one when it has finished; ` +
        `if it is neither (the lock outlived a crash and its number was reused), delete ${path.resolve(env.LEADS_DATA_DIR)}.lock.`,
    );
  }
}

let code = 1;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // The reader of our output went away (e.g. `| head`): nothing more can be shown there.
  if ((error as NodeJS.ErrnoException).code !== 'EPIPE')
    process.stderr.write(`Error: ${message}\n`);
} finally {
  await closeDatabase();
}
// Exit once standard output is flushed (process.exit would drop what a pipe has not read yet).
process.exitCode = code;
