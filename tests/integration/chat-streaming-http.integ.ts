import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/chat/route';
import { closeDatabase } from '@/server/db/client';
import { n8n, startChatWebhook } from './support/chat-webhook';
import { freshEnvironment } from './support/helpers';
import { serveRoute } from './support/route-server';

/**
 * The streamed reply is not buffered between the webhook and the visitor: over real HTTP on both
 * sides, the visitor receives the first text while the stand-in still holds the last back. The
 * stand-in sends the rest only once the client has the first piece, so buffering would deadlock
 * this test rather than pass it.
 */

const webhook = await startChatWebhook();
await freshEnvironment({
  CHAT_WEBHOOK_URL: webhook.url,
  CHAT_TIMEOUT_MS: '10000',
  CHAT_IDLE_TIMEOUT_MS: '8000',
  CHAT_RATE_LIMIT_PER_MINUTE: '0',
});

const site = await serveRoute(POST);
const sitePort = site.port;

afterAll(async () => {
  await site.stop();
  await webhook.stop();
  await closeDatabase();
});

type Arrival = { at: number; text: string };

/** Posts a message as the panel does and records when each chunk of the answer arrives. */
function chat(
  onData: (arrivals: Arrival[]) => void,
): Promise<{ status: number; type: string; arrivals: Arrival[] }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({
      sessionId: '2c7e0d8a-5b1f-4c3e-9a7d-6e5f4a3b2c1d',
      chatInput: 'Tell me about pricing',
    });
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: sitePort,
        path: '/api/chat',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/x-ndjson, application/json',
        },
      },
      (res) => {
        const arrivals: Arrival[] = [];
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          arrivals.push({ at: Date.now(), text });
          onData(arrivals);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            arrivals,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a streamed reply over real HTTP', () => {
  it(
    'reaches the visitor piece by piece: the first text arrives before the last is sent',
    { timeout: 20_000 },
    async () => {
      let firstArrived!: () => void;
      const firstSeen = new Promise<void>((resolve) => (firstArrived = resolve));
      webhook.answerWith({
        stream: [
          n8n.begin(),
          n8n.item('Plans start '),
          { until: () => firstSeen },
          { wait: 50 },
          n8n.item('at $99 a month.'),
          n8n.end(),
        ],
      });
      const { status, type, arrivals } = await chat((so) => {
        if (
          so
            .map((arrival) => arrival.text)
            .join('')
            .includes('Plans start')
        )
          firstArrived();
      });
      expect(status).toBe(200);
      expect(type).toBe('application/x-ndjson; charset=utf-8');
      const lines = arrivals
        .map((arrival) => arrival.text)
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
      expect(lines).toEqual([
        { type: 'item', content: 'Plans start ' },
        { type: 'item', content: 'at $99 a month.' },
        { type: 'end' },
      ]);
      const firstAt = arrivals.find((arrival) => arrival.text.includes('Plans start'))!.at;
      const lastSentAt = webhook.sent.find(
        (sent) =>
          typeof sent.step === 'object' &&
          'chunk' in sent.step &&
          sent.step.chunk.content === 'at $99 a month.',
      )!.at;
      expect(firstAt).toBeLessThan(lastSentAt);
      expect(arrivals.length).toBeGreaterThan(1);
    },
  );
});
