import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { RESTART_SETTINGS, restartableLeadServer } from './support/lead-server-process';
import { freshEnvironment, validBodies, waitFor } from './support/helpers';
import { startReceiver } from './support/receiver';

/**
 * Never lost, never twice, across a crash: a server process with emails waiting for a retry and
 * emails half-sent (the mail server has the message and has not answered) is killed with SIGKILL,
 * started again on the same database, and the mail server ends up having accepted exactly one of
 * each email for each recipient: the agency's and the visitor's, for every acknowledged lead.
 */

const catcher = await startMailCatcher();
const receiver = await startReceiver();
await freshEnvironment({});
const childEnv = {
  ...process.env,
  SMTP_URL: catcher.url(),
  LEADS_NOTIFY_TO: 'team@agency.example',
  LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
  LEADS_AUTORESPONSE_PER_HOUR: '1000',
  ...RESTART_SETTINGS,
  // A job whose attempt was in flight when the process died is claimed again when its claim expires
  // (2 x timeout + 5 s = 11 s here).
  LEADS_WEBHOOK_TIMEOUT_MS: '3000',
};

const server = restartableLeadServer(childEnv);

afterAll(async () => {
  server.kill();
  await catcher.stop();
  await receiver.stop();
});

async function postLeads(port: number, prefix: string, count: number) {
  const leads = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `${prefix}${i}@example.com`;
      const response = await fetch(`http://127.0.0.1:${port}/api/leads/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...validBodies.contact, email }),
      });
      expect(response.status).toBe(201);
      return { id: ((await response.json()) as { id: string }).id, email };
    }),
  );
  return leads;
}

describe('a server killed with emails waiting and half-sent', () => {
  it(
    'sends each acknowledged lead exactly one agency email and one confirmation after a restart',
    { timeout: 150_000 },
    async () => {
      // Batch A: the mail server refuses connections, so these wait for a retry.
      await catcher.stop();
      const first = await server.start();
      const waiting = await postLeads(first.port, 'waiting', 10);

      // Batch B: the mail server takes each message and never answers: mid-send.
      catcher.decideWith(() => 'hang');
      await catcher.start();
      const inFlight = await postLeads(first.port, 'inflight', 10);
      // The process hands the mail server as many messages as it has connections (5), then waits.
      await waitFor(async () => catcher.arrived.length >= 5, {
        what: 'messages to reach the mail server and hang there',
      });

      first.process.kill('SIGKILL');
      await new Promise((resolve) => first.process.once('exit', resolve));
      expect(catcher.accepted).toEqual([]);

      catcher.decideWith(() => 'accept');
      await server.start();
      const all = [...waiting, ...inFlight];
      const agencyFor = (id: string) =>
        catcher.accepted.filter(
          (m) => m.envelope.to.includes('team@agency.example') && m.raw.includes(id),
        );
      const confirmationsFor = (email: string) =>
        catcher.accepted.filter((m) => m.envelope.to.includes(email));
      await waitFor(
        async () =>
          all.every(
            (lead) => agencyFor(lead.id).length > 0 && confirmationsFor(lead.email).length > 0,
          ),
        { timeout: 60_000, what: 'every email to be accepted' },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // time for any duplicate to show up

      for (const lead of all) {
        expect(agencyFor(lead.id), lead.email).toHaveLength(1);
        expect(confirmationsFor(lead.email), lead.email).toHaveLength(1);
      }
      expect(catcher.accepted).toHaveLength(2 * all.length);
      // The half-sent ones went again with the same Message-ID: a copy would be recognisable.
      const ids = new Set(catcher.arrived.map((m) => m.parsed.messageId));
      expect(catcher.arrived.length).toBeGreaterThan(ids.size);
      expect(ids.size).toBe(2 * all.length);
    },
  );
});
