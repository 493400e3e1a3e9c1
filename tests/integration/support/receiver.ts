import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { closeServer } from './close-server';

/**
 * A webhook receiver on 127.0.0.1 (a random port unless one is given) that answers 200 by default.
 * It checks each signature with the official `standardwebhooks` library (`verified`), so signing is
 * proved by the standard's code, not ours. plan(email, [...]) scripts the answers for one lead (by
 * the payload's email), setDefault() for the rest: a status (with headers: `{ status, headers }`),
 * 'hang' (the sender's timeout must fire) or 'destroy' (drops the connection). stop() refuses
 * connections; start() listens again.
 */
export type Behaviour =
  number | { status: number; headers: Record<string, string> } | 'hang' | 'destroy';
type Received = {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, unknown>;
  at: number;
  answer: Behaviour;
  /** true when the signature verified, else the library's error message. */
  verified: true | string;
};

function verify(secret: string, rawBody: string, headers: IncomingHttpHeaders): true | string {
  try {
    new Webhook(secret).verify(rawBody, headers as Record<string, string>);
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The signing secret a test site and its receiver share unless the test picks its own. */
export const TEST_WEBHOOK_SECRET = 'whsec_dGVzdC1zaWduaW5nLXNlY3JldC1mb3ItbGVhZHM=';

export async function startReceiver({
  secret = TEST_WEBHOOK_SECRET,
  port: requestedPort = 0,
}: { secret?: string; port?: number } = {}) {
  const received: Received[] = [];
  const plans = new Map<string, Behaviour[]>();
  const hanging = new Set<ServerResponse>();
  let fallback: Behaviour = 200;
  let server: Server | null = null;
  let port = requestedPort;

  const handler = (req: import('node:http').IncomingMessage, res: ServerResponse) => {
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
      const plan = plans.get(String(body.email ?? ''));
      const behaviour: Behaviour = plan?.shift() ?? fallback;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body,
        at: Date.now(),
        answer: behaviour,
        verified: verify(secret, rawBody, req.headers),
      });
      if (behaviour === 'hang') {
        hanging.add(res);
        return;
      }
      if (behaviour === 'destroy') {
        req.socket.destroy();
        return;
      }
      const { status, headers } =
        typeof behaviour === 'number' ? { status: behaviour, headers: {} } : behaviour;
      res.writeHead(status, {
        ...(status >= 300 && status < 400
          ? { Location: 'http://127.0.0.1:1/elsewhere' }
          : { 'Content-Type': 'application/json' }),
        ...headers,
      });
      res.end(JSON.stringify({ received: true }));
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(handler);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });

  await listen();

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    received,
    plan(email: string, behaviours: Behaviour[]) {
      plans.set(email, [...behaviours]);
    },
    setDefault(behaviour: Behaviour) {
      fallback = behaviour;
    },
    /** Requests whose signature did not verify, described (expected: none). */
    unverified() {
      return received
        .filter((request) => request.verified !== true)
        .map((request) => `${request.path}: ${String(request.verified)}`);
    },
    /** Requests received for one lead (by Idempotency-Key). */
    forLead(id: string) {
      return received.filter((request) => request.headers['idempotency-key'] === id);
    },
    start: listen,
    async stop() {
      const current = server;
      server = null;
      await closeServer(current, hanging);
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
