import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { describeError } from '@/server/log';

/**
 * One outbound JSON POST with one deadline for the whole exchange. Redirects are never followed: a
 * moved endpoint is a configuration error, not something to chase with personal data.
 *
 * Idle pooled sockets close after 4 s, before the 5 s keep-alive of Node-based receivers such as
 * n8n, which fail a reused socket with 'socket hang up'. `retryStaleSocket` retries such a reset
 * once; it is off by default, since a receiver that dropped the connection after reading looks the
 * same, and a lead or a voice call must not go twice.
 *
 * node:http, not fetch: inside Next, fetch goes through the framework's cache layer and WHATWG
 * streams, milliseconds of CPU per call under load (measured with bench:leads).
 */

export type PostJsonResult =
  | {
      ok: true;
      status: number;
      contentType: string | null;
      /** The Retry-After header as sent, if any. */
      retryAfter: string | null;
      body: string;
      cut: 'too_large' | 'dropped' | null;
    }
  | { ok: false; failure: 'invalid_url' | 'timeout' | 'unreachable'; error: string; code?: string };

export type PostJsonOptions = {
  headers?: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes?: number;
  retryStaleSocket?: boolean;
};

const agentOptions = { keepAlive: true, maxSockets: 64, timeout: 4_000 };
const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

/** `url` as a target of a post; throws for what is not a URL, or not http or https. */
function postTarget(url: string): URL {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`unsupported protocol ${target.protocol}`);
  return target;
}

/** Opens a JSON POST on the protocol's keep-alive agent; the caller sends `payload` with end(). */
function openPost(
  target: URL,
  payload: Buffer,
  headers: Record<string, string> | undefined,
): http.ClientRequest {
  return (target.protocol === 'https:' ? https : http).request(target, {
    method: 'POST',
    agent: agents[target.protocol as 'http:' | 'https:'],
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...headers,
      'Content-Length': String(payload.length),
    },
  });
}

export async function postJson(
  url: string,
  body: string,
  options: PostJsonOptions,
): Promise<PostJsonResult> {
  let target: URL;
  try {
    target = postTarget(url);
  } catch (error) {
    return { ok: false, failure: 'invalid_url', error: describeError(error) };
  }
  const deadline = Date.now() + options.timeoutMs;
  const first = await attempt(target, body, options, options.timeoutMs);
  if (first !== 'stale_socket') return first;
  if (!options.retryStaleSocket)
    return {
      ok: false,
      failure: 'unreachable',
      error: 'Error: socket hang up (ECONNRESET)',
      code: 'ECONNRESET',
    };
  const retried = await attempt(target, body, options, Math.max(1, deadline - Date.now()));
  return retried === 'stale_socket'
    ? {
        ok: false,
        failure: 'unreachable',
        error: 'Error: connection reset (ECONNRESET)',
        code: 'ECONNRESET',
      }
    : retried;
}

function attempt(
  target: URL,
  body: string,
  options: PostJsonOptions,
  timeoutMs: number,
): Promise<PostJsonResult | 'stale_socket'> {
  const maxResponseBytes = options.maxResponseBytes ?? 0;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostJsonResult | 'stale_socket') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const payload = Buffer.from(body);
    const request = openPost(target, payload, options.headers);
    const timer = setTimeout(() => {
      finish({ ok: false, failure: 'timeout', error: `timeout after ${options.timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const contentType = response.headers['content-type'] ?? null;
      const retryAfter = response.headers['retry-after'] ?? null;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (cut: 'too_large' | 'dropped' | null) =>
        finish({
          ok: true,
          status,
          contentType,
          retryAfter,
          body: Buffer.concat(chunks).toString('utf8'),
          cut,
        });
      response.on('data', (chunk: Buffer) => {
        if (maxResponseBytes === 0) return; // only the status matters: drain, keep nothing
        size += chunk.length;
        if (size > maxResponseBytes) {
          done('too_large');
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => done(null));
      response.on('error', () => undefined);
      // Closed before its end arrived: the connection dropped mid-answer.
      response.on('close', () => done(response.complete ? null : 'dropped'));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        request.reusedSocket && error.code === 'ECONNRESET'
          ? 'stale_socket'
          : {
              ok: false,
              failure: 'unreachable',
              error: describeError(error),
              ...(error.code ? { code: error.code } : {}),
            },
      ),
    );
    request.end(payload);
  });
}

/** One step of a streamed answer (streamPost). */
export type StreamEvent =
  | { type: 'response'; status: number; contentType: string | null }
  | { type: 'data'; chunk: Buffer }
  | { type: 'end' }
  | {
      type: 'failure';
      failure: 'invalid_url' | 'timeout' | 'unreachable' | 'dropped';
      error: string;
      code?: string;
    };

export type StreamOptions = {
  headers?: Record<string, string>;
  /** The whole exchange, last byte included. */
  timeoutMs: number;
  /** Longest wait for the body's first byte and between later ones (headers do not count). */
  idleMs: number;
};

export type StreamedPost = {
  /** The next event: 'response', then 'data' until 'end' or 'failure', which then repeats. */
  next(): Promise<StreamEvent>;
  /** Stops reading and closes the connection (the visitor left, or enough has arrived). */
  cancel(): void;
};

/**
 * postJson for an answer read as it arrives (the chat webhook's streaming mode), plus an idle
 * deadline, so a stream that stops sending does not hold the visitor for the whole timeout. Events
 * queue until read: a slow reader still gets everything that arrived, then the failure.
 */
export function streamPost(url: string, body: string, options: StreamOptions): StreamedPost {
  const queue: StreamEvent[] = [];
  let waiting: ((event: StreamEvent) => void) | null = null;
  let finished: StreamEvent | null = null;
  let request: http.ClientRequest | null = null;
  let idle: NodeJS.Timeout | undefined;

  const emit = (event: StreamEvent) => {
    if (finished) return;
    if (event.type === 'end' || event.type === 'failure') {
      finished = event;
      clearTimeout(overall);
      clearTimeout(idle);
    }
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(event);
    } else queue.push(event);
  };
  const fail = (failure: 'timeout' | 'unreachable' | 'dropped', error: string, code?: string) => {
    emit({ type: 'failure', failure, error, ...(code ? { code } : {}) });
    request?.destroy();
  };
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => fail('timeout', `no data for ${options.idleMs} ms`), options.idleMs);
  };
  const overall = setTimeout(
    () => fail('timeout', `timeout after ${options.timeoutMs} ms`),
    options.timeoutMs,
  );

  const send = (target: URL, retry: boolean) => {
    const payload = Buffer.from(body);
    const current = openPost(target, payload, options.headers);
    request = current;
    current.on('response', (response) => {
      emit({
        type: 'response',
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'] ?? null,
      });
      response.on('data', (chunk: Buffer) => {
        armIdle();
        emit({ type: 'data', chunk });
      });
      response.on('end', () => emit({ type: 'end' }));
      response.on('error', () => undefined);
      response.on('close', () => {
        if (!response.complete) fail('dropped', 'the connection closed before the answer ended');
      });
    });
    current.on('error', (error: NodeJS.ErrnoException) => {
      if (retry && current.reusedSocket && error.code === 'ECONNRESET' && !finished)
        return send(target, false);
      fail('unreachable', describeError(error), error.code);
    });
    current.end(payload);
  };

  try {
    const target = postTarget(url);
    armIdle();
    send(target, true);
  } catch (error) {
    clearTimeout(overall);
    clearTimeout(idle);
    finished = { type: 'failure', failure: 'invalid_url', error: describeError(error) };
    queue.push(finished);
  }

  return {
    next() {
      const event = queue.shift();
      if (event) return Promise.resolve(event);
      if (finished) return Promise.resolve(finished);
      return new Promise((resolve) => (waiting = resolve));
    },
    cancel() {
      if (!finished) {
        finished = { type: 'failure', failure: 'dropped', error: 'cancelled' };
        clearTimeout(overall);
        clearTimeout(idle);
      }
      request?.destroy();
    },
  };
}
