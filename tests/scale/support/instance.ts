import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import testEnv from '../../e2e/support/test-env.json' with { type: 'json' };

/**
 * Instances of the production server (scripts/server.mjs on the production build): real sockets,
 * the real framework, real process deaths. SCALE_DIST_DIR picks the build (default: the main e2e
 * build), SCALE_PORT the first of the 20 ports these tests use (default 3150).
 */
const DIST_DIR = process.env.SCALE_DIST_DIR || testEnv.main.NEXT_DIST_DIR;
export const BASE_PORT = Number(process.env.SCALE_PORT) || 3150;

/** Every process started here, so a test can kill them all even when a start failed halfway. */
const started = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export type Instance = {
  port: number;
  process: ChildProcess;
  /** Everything it printed, stdout and stderr. */
  output: string[];
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
};

/**
 * The e2e build's settings without its webhooks and mail server: the e2e suite's own contact
 * receiver and mail catcher would take every contact lead and fail every email of a scale test.
 */
const baseEnv = Object.fromEntries(
  Object.entries(testEnv.main).map(([name, value]) => [
    name,
    name.startsWith('LEADS_WEBHOOK_URL') || name === 'SMTP_URL' ? '' : value,
  ]),
);

// SCALE_SERVER=next-start runs the tests against a bare `next start`, to see what server.mjs adds.
const command =
  process.env.SCALE_SERVER === 'next-start'
    ? ['node_modules/next/dist/bin/next', 'start']
    : ['scripts/server.mjs'];

/** The production server's process, not yet known healthy; `nodeArgs` go before the script. */
export function spawnInstance(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Omit<Instance, 'port'> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, ...command, '--hostname', '127.0.0.1', '--port', String(port)],
    {
      env: {
        ...process.env,
        ...baseEnv,
        NEXT_DIST_DIR: DIST_DIR,
        NEXT_TELEMETRY_DISABLED: '1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.add(child);
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { process: child, output, exited };
}

export async function startInstance(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<Instance> {
  const { process: child, output, exited } = spawnInstance(port, env, nodeArgs);
  // A fresh embedded database runs initdb first: tens of seconds on a busy machine.
  for (const deadline = Date.now() + 300_000; Date.now() < deadline;) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok)
        return { port, process: child, output, exited };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} did not become healthy:\n${output.join('')}`);
}

/** What rawRequest read: the status, headers and body, and how long it took. */
export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
  raw: string;
  /** With `untilClosed`: when the server closed the connection (ms from the start), else null. */
  closedMs: number | null;
};

/**
 * Sends `head` (a request line and headers, CRLF-separated, without the blank line) and `body` over
 * a new socket exactly as given, and reads until the server closes the connection or answers in
 * full, or `timeoutMs` passes (status 0). A body shorter than its Content-Length leaves the request
 * stalled, the socket open; `unfinished` sends the headers without the blank line that ends them.
 */
export function rawRequest(
  port: number,
  head: string,
  {
    body = '',
    timeoutMs = 20_000,
    unfinished = false,
    untilClosed = false,
  }: { body?: string; timeoutMs?: number; unfinished?: boolean; untilClosed?: boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    let done = false;
    let answeredMs = 0;
    let closedMs: number | null = null;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const [top = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = top.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map(
          (line) =>
            [
              line.slice(0, line.indexOf(':')).trim().toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ] as const,
        ),
      );
      let body = rest.join('\r\n\r\n');
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body,
        ms: answeredMs || Date.now() - started,
        raw,
        closedMs,
      });
    };
    // A complete answer: no need to wait for the close, unless that is what is measured.
    const answered = () => {
      answeredMs ||= Date.now() - started;
      if (!untilClosed) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(raw);
      const split = raw.indexOf('\r\n\r\n');
      if (length && split !== -1 && raw.length - split - 4 >= Number(length[1])) answered();
      if (
        split !== -1 &&
        /\r\ntransfer-encoding: *chunked/i.test(raw.slice(0, split)) &&
        raw.endsWith('\r\n0\r\n\r\n')
      )
        answered();
    });
    socket.on('end', () => {
      closedMs = Date.now() - started;
      finish();
    });
    socket.on('close', () => {
      closedMs ??= Date.now() - started;
      finish();
    });
    socket.on('error', finish);
    socket.write(unfinished ? `${head}\r\n` : `${head}\r\n\r\n${body}`, 'latin1');
  });
}

function dechunk(text: string): string {
  let out = '';
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (!size) break;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
  return out;
}
