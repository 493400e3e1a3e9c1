import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/chat/route';
import {
  MAX_RESPONSE_BYTES,
  MAX_STREAM_BYTES,
  MAX_STREAM_LINE_BYTES,
} from '@/server/chat/read-reply';
import { closeDatabase } from '@/server/db/client';
import { freshEnvironment } from './support/helpers';
import { serveRoute } from './support/route-server';

/**
 * What the chat proxy reads from its webhook is bounded, and a visitor who leaves stops the
 * reading: over real HTTP on both sides, a stand-in webhook writing raw bytes answers /api/chat.
 */

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
let answer: Answer = (_req, res) => res.end();
/** Resolves when the webhook's side of the current request is closed (by the proxy or the end). */
let upstreamClosed: Promise<number>;

const upstream = createServer((req, res) => {
  let closed!: (at: number) => void;
  upstreamClosed = new Promise((resolve) => (closed = resolve));
  res.on('close', () => closed(Date.now()));
  req.resume();
  req.on('end', () => answer(req, res));
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));

await freshEnvironment({
  CHAT_WEBHOOK_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/webhook/chat`,
  CHAT_TIMEOUT_MS: '20000',
  CHAT_IDLE_TIMEOUT_MS: '15000',
  CHAT_RATE_LIMIT_PER_MINUTE: '0',
});
const site = await serveRoute(POST);

afterAll(async () => {
  await site.stop();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await closeDatabase();
});

beforeEach(() => {
  answer = (_req, res) => res.end();
});

// What a runaway webhook sends: far beyond any limit and any socket buffer between the servers.
const FAR_MORE = 64 * 1024 * 1024;
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/** Posts a message as the panel does; `onData` sees the answer as it arrives and may abort. */
function chat(
  onData: (text: string, abort: () => void) => void = () => {},
): Promise<{ status: number; text: string; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: site.port,
        path: '/api/chat',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/x-ndjson, application/json',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        const abort = () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, text, aborted: true });
        };
        res.on('data', (chunk: string) => {
          text += chunk;
          onData(text, abort);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, aborted: false }));
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end(
      JSON.stringify({
        sessionId: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
        chatInput: 'How much does it cost?',
      }),
    );
  });
}

/** Writes `chunk` until `total` bytes have gone or the proxy hangs up; returns how many went. */
async function writeUntil(res: ServerResponse, chunk: string, total: number): Promise<number> {
  let sent = 0;
  while (sent < total && !res.destroyed) {
    if (!res.write(chunk))
      await new Promise((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    sent += Buffer.byteLength(chunk);
  }
  return sent;
}

describe('a whole (not streamed) answer', () => {
  it('is read up to MAX_RESPONSE_BYTES (256 KB): one byte more is refused and the webhook cut off', async () => {
    let sent = 0;
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      void writeUntil(res, 'x'.repeat(4096), FAR_MORE).then((n) => {
        sent = n;
        res.end();
      });
    };
    const refused = await chat();
    expect(MAX_RESPONSE_BYTES).toBe(256 * 1024);
    expect(refused.status).toBe(502);
    await upstreamClosed;
    expect(sent).toBeLessThan(FAR_MORE);

    // Just within the limit, and one line longer than any stream line: read whole.
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const body = JSON.stringify({ output: 'Plans start at $99.' });
      res.end(body.padEnd(MAX_RESPONSE_BYTES, ' '));
    };
    const read = await chat();
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text)).toMatchObject({ output: 'Plans start at $99.' });
  });
});

describe('a streamed answer', () => {
  it('refuses a line longer than MAX_STREAM_LINE_BYTES (64 KB) before any text, and hangs up', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(line({ type: 'begin', metadata: { nodeId: 'agent', runIndex: 0 } }));
      // A line that never ends: no newline, ever.
      void writeUntil(res, 'y'.repeat(4096), MAX_STREAM_BYTES).then(() => res.end());
    };
    const refused = await chat();
    expect(MAX_STREAM_LINE_BYTES).toBe(64 * 1024);
    expect(refused.status).toBe(502);
    await upstreamClosed;
  });

  it('ends with an error line once MAX_STREAM_BYTES (4 MB) have arrived in all, keeping the text so far', async () => {
    let sent = 0;
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(line({ type: 'begin', metadata: { nodeId: 'agent', runIndex: 0 } }));
      res.write(line({ type: 'item', content: 'Plans start', metadata: { nodeId: 'agent' } }));
      // Lines with no text but plenty of bytes: only the byte limit can stop them.
      const padding = line({ type: 'keepalive', metadata: { pad: 'z'.repeat(60_000) } });
      void writeUntil(res, padding, FAR_MORE).then((n) => {
        sent = n;
        res.end();
      });
    };
    const { status, text } = await chat();
    expect(MAX_STREAM_BYTES).toBe(4 * 1024 * 1024);
    expect(status).toBe(200);
    const lines = text
      .trim()
      .split('\n')
      .map((each) => JSON.parse(each));
    expect(lines[0]).toEqual({ type: 'item', content: 'Plans start' });
    expect(lines.at(-1)).toEqual({ type: 'error', error: 'upstream' });
    await upstreamClosed;
    expect(sent).toBeLessThan(FAR_MORE);
  });

  it('is cancelled upstream when the visitor leaves mid-stream', async () => {
    let left = 0;
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(line({ type: 'begin', metadata: { nodeId: 'agent', runIndex: 0 } }));
      res.write(line({ type: 'item', content: 'Let me check', metadata: { nodeId: 'agent' } }));
      // The rest never comes: only the proxy hanging up ends this request.
    };
    const { aborted, text } = await chat((so, abort) => {
      if (so.includes('Let me check')) {
        left = Date.now();
        abort();
      }
    });
    expect(aborted).toBe(true);
    expect(text).toContain('Let me check');
    const closedAt = await upstreamClosed;
    // Well within the 15 s idle limit, which would otherwise be what ends it.
    expect(closedAt - left).toBeLessThan(3000);
  });
});
