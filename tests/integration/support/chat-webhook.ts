import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server';

/**
 * A stand-in for the chat webhook (an n8n Chat Trigger) on 127.0.0.1, for the chat integration and
 * e2e tests. `answer` picks each reply from the posted body: a status, type and body (n8n's modes
 * that answer when the last node finishes); `{ stream }`, n8n's Streaming mode as its Chat Trigger
 * writes it (200, chunked, headers flushed at once, one JSON chunk per line, ended with the
 * execution; steps may wait or hold until the test releases them); 'hang' (the proxy's timeout must
 * fire) or 'destroy' (drops the connection). stop() refuses connections; start() listens again.
 */
type N8nChunk = {
  type: 'begin' | 'item' | 'end' | 'error' | 'keepalive';
  content?: string;
  metadata?: Record<string, unknown>;
};
type ChunkStep = { chunk: N8nChunk };
export type StreamStep =
  | ChunkStep
  | { raw: string | Buffer }
  | { wait: number }
  | { until: () => Promise<unknown> }
  | 'hang'
  | 'destroy';
export type ChatWebhookAnswer =
  | { status?: number; contentType?: string | null; body: string }
  | { stream: StreamStep[] }
  | 'hang'
  | 'destroy';
type ChatWebhookRequest = {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, unknown>;
};
/** What the stand-in wrote of a streamed answer, and when (ms since the epoch). */
type SentStep = { at: number; step: StreamStep };

export const replyWith = (output: string): ChatWebhookAnswer => ({
  body: JSON.stringify({ output }),
});

const metadata = (nodeName: string, runIndex = 0) => ({
  nodeId: `${nodeName.toLowerCase().replace(/\W+/g, '-')}-0f3c`,
  nodeName,
  itemIndex: 0,
  runIndex,
  timestamp: Date.now(),
});

/** n8n's chunks, as an AI Agent node named `node` sends them. */
export const n8n = {
  begin: (node = 'AI Agent', runIndex = 0): ChunkStep => ({
    chunk: { type: 'begin', metadata: metadata(node, runIndex) },
  }),
  item: (content: string, node = 'AI Agent', runIndex = 0): ChunkStep => ({
    chunk: { type: 'item', content, metadata: metadata(node, runIndex) },
  }),
  end: (node = 'AI Agent', runIndex = 0): ChunkStep => ({
    chunk: { type: 'end', metadata: metadata(node, runIndex) },
  }),
  error: (message: string, node = 'AI Agent'): ChunkStep => ({
    chunk: { type: 'error', content: message, metadata: metadata(node) },
  }),
};

const chunkLine = (chunk: N8nChunk) => `${JSON.stringify(chunk)}\n`;

/** Chunks sent in one write, as they reach a reader that is behind or a socket that coalesces. */
export const oneWrite = (...steps: ChunkStep[]): StreamStep => ({
  raw: steps.map((step) => chunkLine(step.chunk)).join(''),
});

/**
 * A whole streamed reply from one agent: begin, one item per piece, end. Writes without a gap may
 * reach the reader as one; gapMs between pieces makes each its own read, as a model's tokens are.
 */
export const streamed = (
  pieces: string[],
  { node = 'AI Agent', gapMs = 0 }: { node?: string; gapMs?: number } = {},
): ChatWebhookAnswer => ({
  stream: [
    n8n.begin(node),
    ...pieces.flatMap((piece, index) => [
      ...(index > 0 && gapMs > 0 ? [{ wait: gapMs }] : []),
      n8n.item(piece, node),
    ]),
    n8n.end(node),
  ],
});

export async function startChatWebhook({ port: requestedPort = 0 } = {}) {
  const received: ChatWebhookRequest[] = [];
  const sent: SentStep[] = [];
  const hanging = new Set<ServerResponse>();
  let answer: (body: Record<string, unknown>) => ChatWebhookAnswer = (body) =>
    replyWith(`You said: ${String(body.chatInput)}`);
  let server: Server | null = null;
  let port = requestedPort;

  async function stream(res: ServerResponse, steps: StreamStep[]) {
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Transfer-Encoding': 'chunked',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    res.flushHeaders();
    for (const step of steps) {
      if (res.destroyed) return;
      if (step === 'hang') return void hanging.add(res);
      if (step === 'destroy') return void res.socket?.destroy();
      if ('wait' in step) await new Promise((resolve) => setTimeout(resolve, step.wait));
      else if ('until' in step) await step.until();
      else res.write('chunk' in step ? chunkLine(step.chunk) : step.raw);
      sent.push({ at: Date.now(), step });
    }
    res.end();
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const current = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const rawBody = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(rawBody) as Record<string, unknown>;
          } catch {
            // recorded as {}
          }
          received.push({
            path: req.url ?? '',
            method: req.method ?? '',
            headers: req.headers,
            rawBody,
            body,
          });
          const reply = answer(body);
          if (reply === 'hang') return void hanging.add(res);
          if (reply === 'destroy') return void req.socket.destroy();
          if ('stream' in reply) return void stream(res, reply.stream);
          const contentType =
            reply.contentType === undefined ? 'application/json' : reply.contentType;
          res.writeHead(reply.status ?? 200, contentType ? { 'Content-Type': contentType } : {});
          res.end(reply.body);
        });
      });
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        port = (current.address() as AddressInfo).port;
        server = current;
        resolve();
      });
    });

  await listen();

  return {
    get url() {
      return `http://127.0.0.1:${port}/webhook/chat`;
    },
    get port() {
      return port;
    },
    received,
    sent,
    answerWith(next: ChatWebhookAnswer | ((body: Record<string, unknown>) => ChatWebhookAnswer)) {
      answer = typeof next === 'function' ? next : () => next;
    },
    start: listen,
    async stop() {
      const current = server;
      server = null;
      await closeServer(current, hanging);
    },
  };
}

export type ChatWebhook = Awaited<ReturnType<typeof startChatWebhook>>;
