import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server';

/**
 * A stand-in for the voice provider's API (Retell) on 127.0.0.1, for the integration tests (random
 * port) and e2e tests (VOICE_PROVIDER_PORT). POST /v2/create-web-call answers 201 with a web call
 * like the real one; answer(...) scripts the next answers: a status with a body, 'hang' (the
 * caller's timeout must fire) or 'destroy' (drops the connection). Every request is recorded.
 */
export type ProviderAnswer = { status: number; body: string } | 'hang' | 'destroy';
type ProviderRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
};

export const STAND_IN_ACCESS_TOKEN = 'stand-in-access-token.eyJyb29tIjoiZGVtbyJ9';
const STAND_IN_CALL_ID = 'call_stand_in_0001';

export const okAnswer = (): ProviderAnswer => ({
  status: 201,
  body: JSON.stringify({
    call_type: 'web_call',
    access_token: STAND_IN_ACCESS_TOKEN,
    call_id: STAND_IN_CALL_ID,
    agent_id: 'echoed-agent',
    call_status: 'registered',
  }),
});

export async function startVoiceProvider(port = 0) {
  const requests: ProviderRequest[] = [];
  const scripted: ProviderAnswer[] = [];
  let fallback: ProviderAnswer = okAnswer();
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = null;
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body,
      });
      if (req.method !== 'POST' || req.url !== '/v2/create-web-call') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error_message":"Not found"}');
        return;
      }
      const answer = scripted.shift() ?? fallback;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (answer === 'destroy') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;

  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    requests,
    /** Answers for the next requests, in order. */
    answer(...answers: ProviderAnswer[]) {
      scripted.push(...answers);
    },
    /** The answer once the scripted ones are used up. */
    setDefault(answer: ProviderAnswer) {
      fallback = answer;
    },
    reset() {
      requests.length = 0;
      scripted.length = 0;
      fallback = okAnswer();
    },
    async stop() {
      await closeServer(server, hanging);
    },
  };
}

export type VoiceProvider = Awaited<ReturnType<typeof startVoiceProvider>>;
