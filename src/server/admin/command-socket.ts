import 'server-only';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  assertPrivateFolder,
  ensurePrivateFolder,
  PrivateFolderError,
} from '@/server/db/private-folder';
import { describeError, log } from '@/server/log';
import { CommandError, runCommand, type CommandInput, type CommandIO } from './commands';
import { processGlobals } from '@/server/process';

/**
 * The operator commands beside a running site on the embedded database: PGlite belongs to one
 * process, so the site runs them itself, on a Unix socket, streaming back newline-delimited JSON
 * ({"out"}, {"err"}, then {"exit"}). An operator's password goes over it, so the socket lives in a
 * folder only the site's user can open, never a shared one where anyone could listen first.
 */

const MAX_REQUEST_BYTES = 64 * 1024;
const SOCKET_FOLDER = "The command socket's folder";
/** Longer socket paths do not fit a sockaddr_un (104 bytes on macOS, 108 on Linux, with NUL). */
const MAX_SOCKET_PATH_BYTES = 100;

/**
 * `<dataDir>.commands/socket`, or, when that is too long for a socket, a name in this user's own
 * folder under the temp folder (`leads-commands-<uid>/`, made 0700 and checked the same way).
 */
export function commandSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const beside = path.join(`${resolved}.commands`, 'socket');
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH_BYTES) return beside;
  return path.join(
    tmpdir(),
    `leads-commands-${process.getuid?.() ?? 'user'}`,
    `${createHash('sha256').update(resolved).digest('hex').slice(0, 16)}.sock`,
  );
}

/** Throws unless `socketPath` is a socket of this user's in a folder only this user can open. */
function assertOwnSocket(socketPath: string): void {
  assertPrivateFolder(path.dirname(socketPath), SOCKET_FOLDER, { followLinks: false });
  const stats = lstatSync(socketPath);
  const uid = process.getuid?.();
  if (!stats.isSocket() || (uid !== undefined && stats.uid !== uid))
    throw new PrivateFolderError(
      `${socketPath} is not a socket of this user's (${uid}): nothing was sent. Run the command as the user who runs the site.`,
    );
}

function answersOn(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** The command line stopped reading (`| head` has what it wanted): the command ends, nothing is wrong. */
class ReaderGoneError extends Error {
  constructor() {
    super('the command line went away');
  }
}

/** Writes one line, waiting while the reader is behind; rejects once the reader has gone. */
function writeLine(response: http.ServerResponse, value: object): Promise<void> {
  return new Promise((resolve, reject) => {
    if (response.destroyed || response.writableEnded) return reject(new ReaderGoneError());
    if (response.write(`${JSON.stringify(value)}\n`)) return resolve();
    const done = () => {
      response.off('close', gone);
      resolve();
    };
    const gone = () => {
      response.off('drain', done);
      reject(new ReaderGoneError());
    };
    response.once('drain', done);
    response.once('close', gone);
  });
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  if (request.method !== 'POST' || request.url !== '/command') {
    response.writeHead(404).end();
    return;
  }
  let raw = '';
  // Decoded across chunks: a character split between two must not become two U+FFFD.
  request.setEncoding('utf8');
  for await (const chunk of request) {
    raw += chunk as string;
    if (raw.length > MAX_REQUEST_BYTES) {
      response.writeHead(413).end();
      return;
    }
  }
  const { args, password } = JSON.parse(raw) as { args: string[]; password?: string };
  response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
  // Sent now, before the command runs: the command line waits for this answer only so long.
  response.flushHeaders();
  const io: CommandIO = {
    out: (text) => writeLine(response, { out: text }),
    err: (text) => writeLine(response, { err: text }),
  };
  const input: CommandInput = typeof password === 'string' ? { password } : {};
  let exit = 1;
  try {
    exit = await runCommand(Array.isArray(args) ? args.map(String) : [], io, input);
  } catch (error) {
    if (error instanceof ReaderGoneError)
      log('info', 'admin.command_reader_gone', { command: String(args?.[0]).slice(0, 40) });
    else if (!(error instanceof CommandError))
      log('error', 'admin.command_error', {
        command: String(args?.[0]).slice(0, 40),
        error: describeError(error),
      });
    await io
      .err(`Error: ${error instanceof Error ? error.message : String(error)}\n`)
      .catch(() => undefined);
  }
  log('info', 'admin.command', { command: String(args?.[0]).slice(0, 40), exit });
  if (!response.destroyed) response.end(`${JSON.stringify({ exit })}\n`);
}

const state = processGlobals;

/** Starts answering commands for the embedded database in `dataDir` (once per process). */
export async function serveCommands(dataDir: string): Promise<void> {
  if (state.__commandSocket) return;
  const socketPath = commandSocketPath(dataDir);
  ensurePrivateFolder(path.dirname(socketPath), SOCKET_FOLDER, { followLinks: false });
  if (existsSync(socketPath)) {
    if (await answersOn(socketPath)) {
      log('warn', 'admin.command_socket_busy', { socket: socketPath });
      return;
    }
    unlinkSync(socketPath); // left by a process that was killed
  }
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log('error', 'admin.command_error', { error: describeError(error) });
      if (!response.headersSent) response.writeHead(400);
      response.end();
    });
  });
  state.__commandSocket = server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  assertOwnSocket(socketPath);
  server.unref();
  const remove = () => {
    try {
      unlinkSync(socketPath);
    } catch {
      // already gone
    }
  };
  process.once('exit', remove);
  log('info', 'admin.command_socket', { socket: socketPath });
}

/**
 * How long the command line waits for the site to take a command. A live site answers at once,
 * however long the command then runs; one that is stopped or hung never does.
 */
const ANSWER_TIMEOUT_MS = 30_000;

/** The command line's side: runs a command in the site that holds the embedded database. */
export function forwardCommand(
  socketPath: string,
  args: string[],
  input: CommandInput,
  io: CommandIO,
  { answerWithinMs = ANSWER_TIMEOUT_MS } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    assertOwnSocket(socketPath);
    const answerTimer = setTimeout(
      () => request.destroy(new Error(`the site did not answer within ${answerWithinMs / 1000} s`)),
      answerWithinMs,
    );
    const request = http.request(
      {
        socketPath,
        method: 'POST',
        path: '/command',
        headers: { 'Content-Type': 'application/json' },
      },
      async (response) => {
        clearTimeout(answerTimer);
        if (response.statusCode !== 200)
          return reject(new Error(`the site answered ${response.statusCode}`));
        let pending = '';
        let exit: number | null = null;
        response.setEncoding('utf8');
        try {
          // Async iteration pulls a chunk at a time: a slow reader slows the site's writes.
          for await (const chunk of response) {
            pending += chunk as string;
            let newline: number;
            while ((newline = pending.indexOf('\n')) !== -1) {
              const message = JSON.parse(pending.slice(0, newline)) as {
                out?: string;
                err?: string;
                exit?: number;
              };
              pending = pending.slice(newline + 1);
              if (message.out !== undefined) await io.out(message.out);
              if (message.err !== undefined) await io.err(message.err);
              if (message.exit !== undefined) exit = message.exit;
            }
          }
        } catch (error) {
          return reject(error);
        }
        if (exit === null) reject(new Error('the site stopped before the command finished'));
        else resolve(exit);
      },
    );
    request.on('error', (error) => {
      clearTimeout(answerTimer);
      reject(error);
    });
    request.end(JSON.stringify({ args, ...input }));
  });
}
