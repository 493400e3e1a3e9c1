import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from './support/receiver';
import { RESTART_SETTINGS, restartableLeadServer } from './support/lead-server-process';
import { freshEnvironment, validBodies, waitFor } from './support/helpers';

/**
 * Accepted means delivered, even across a crash: a server process holding undelivered leads is
 * killed with SIGKILL (no shutdown code runs) and started again on the same database, and the
 * receiver, deduplicating on Idempotency-Key, sees every acknowledged lead exactly once.
 */

const SECRET = `whsec_${Buffer.alloc(32, 11).toString('base64')}`;
const receiver = await startReceiver({ secret: SECRET });
await freshEnvironment({});
const childEnv = {
  ...process.env,
  LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
  LEADS_WEBHOOK_SECRET: SECRET,
  ...RESTART_SETTINGS,
  // A lead whose attempt was in flight when the process died is claimed again when its claim
  // expires (2 x timeout + 5 s = 7 s here).
  LEADS_WEBHOOK_TIMEOUT_MS: '1000',
};

const server = restartableLeadServer(childEnv);

afterAll(async () => {
  server.kill();
  await receiver.stop();
});

async function postLeads(port: number, prefix: string, count: number): Promise<string[]> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/leads/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...validBodies.contact, email: `${prefix}${i}@example.com` }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { id?: string },
      })),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
  return responses.map((response) => response.body.id!);
}

describe('a server killed with deliveries pending', () => {
  it(
    'delivers every acknowledged lead exactly once after a restart',
    { timeout: 120_000 },
    async () => {
      // Batch A: the receiver refuses connections, so these wait for a retry.
      await receiver.stop();
      const first = await server.start();
      const waiting = await postLeads(first.port, 'waiting', 20);

      // Batch B: the receiver takes each request and never answers: these are mid-delivery
      // (claimed).
      receiver.setDefault('hang');
      await receiver.start();
      const inFlight = await postLeads(first.port, 'inflight', 20);
      await waitFor(async () => inFlight.every((id) => receiver.forLead(id).length > 0), {
        what: 'batch B to reach the receiver',
      });

      first.process.kill('SIGKILL');
      await new Promise((resolve) => first.process.once('exit', resolve));
      const acknowledged = [...waiting, ...inFlight];
      const ok = (id: string) => receiver.forLead(id).filter((request) => request.answer === 200);
      expect(acknowledged.filter((id) => ok(id).length > 0)).toEqual([]);

      receiver.setDefault(200);
      await server.start();
      await waitFor(async () => acknowledged.every((id) => ok(id).length > 0), {
        timeout: 60_000,
        what: 'every lead to be accepted by the receiver',
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // time for any duplicate to show up

      // Exactly once each, as a receiver deduplicating on Idempotency-Key sees it; nothing else.
      for (const id of acknowledged) expect(ok(id), id).toHaveLength(1);
      const keys = new Set(
        receiver.received.map((request) => String(request.headers['idempotency-key'])),
      );
      expect(keys).toEqual(new Set(acknowledged));
      expect(receiver.unverified()).toEqual([]); // every attempt, first or after the restart, signed
    },
  );
});
