import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server';

/**
 * A stand-in for the chat webhook (an n8n chat trigger) on 127.0.0.1, used by
 * the chat integration and end-to-end tests. `answer` decides each reply from
 * the posted body: a status, content type and body, 'hang' (never answers, so
 * the proxy's timeout must fire) or 'destroy' (drops the connection). stop()
 * closes the port so connections are refused; start() listens again on it.
 */
export type ChatWebhookAnswer = { status?: number; contentType?: string; body: string } | 'hang' | 'destroy';
export type ChatWebhookRequest = { path: string; method: string; headers: IncomingHttpHeaders; rawBody: string; body: Record<string, unknown> };

export const replyWith = (output: string): ChatWebhookAnswer => ({ body: JSON.stringify({ output }) });

export async function startChatWebhook({ port: requestedPort = 0 } = {}) {
  const received: ChatWebhookRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let answer: (body: Record<string, unknown>) => ChatWebhookAnswer = (body) => replyWith(`You said: ${String(body.chatInput)}`);
  let server: Server | null = null;
  let port = requestedPort;

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
          received.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, rawBody, body });
          const reply = answer(body);
          if (reply === 'hang') return void hanging.add(res);
          if (reply === 'destroy') return void req.socket.destroy();
          res.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType ?? 'application/json' });
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
    received,
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
