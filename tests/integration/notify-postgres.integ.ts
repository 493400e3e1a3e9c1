import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { schema } from '@/server/db/schema';
import { writeDigestIfDue } from '@/server/outbox/watchdog';
import { runOutboxOnce, outboxOptions, waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freshEnvironment, postgresUrl } from './support/helpers';
import { startReceiver } from './support/receiver';
import { storeLead } from './support/store-lead';

/**
 * Several instances on one PostgreSQL server (LEADS_TEST_DATABASE=postgres; skipped on the embedded
 * database, which is one process's own): three sweeping at once send each lead's emails once per
 * recipient, and the day's digest is written and sent once however many instances write it.
 */

const catcher = await startMailCatcher();
const receiver = await startReceiver();
const { databaseUrl } = await freshEnvironment({
  SMTP_URL: catcher.url(),
  LEADS_NOTIFY_TO: 'team@agency.example, boss@agency.example',
  LEADS_ALERT_TO: 'ops@agency.example, boss@agency.example',
  LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
  LEADS_AUTORESPONSE_PER_HOUR: '1000',
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  LEADS_DIGEST_HOUR: '0',
});

afterAll(async () => {
  await closeDatabase();
  await catcher.stop();
  await receiver.stop();
});

async function instances() {
  const pools = [
    new pg.Pool({ connectionString: databaseUrl! }),
    new pg.Pool({ connectionString: databaseUrl! }),
  ];
  return {
    handles: [undefined, ...pools.map((pool) => drizzle({ client: pool, schema }) as never)],
    end: () => Promise.all(pools.map((pool) => pool.end())),
  };
}

describe.skipIf(!postgresUrl)('several instances on one PostgreSQL', () => {
  it('sends each lead one email per recipient while three instances sweep at the same time', async () => {
    await getDatabase();
    const leads: Array<{ id: string; email: string }> = [];
    for (let i = 0; i < 40; i += 1) {
      const email = `shared-${i}@example.com`;
      const leadId = await storeLead('contact', { email });
      leads.push({ id: leadId, email });
    }
    const { handles, end } = await instances();
    const options = outboxOptions({ batchSize: 5 });
    const attempted = await Promise.all(handles.map((db) => runOutboxOnce(options, db)));
    await waitForOutbox();
    // Per lead: the webhook, two agency emails, one confirmation.
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(40 * 4);
    expect(attempted.filter((n) => n > 0).length).toBeGreaterThan(1); // the work really was shared
    for (const lead of leads) {
      for (const agency of ['team@agency.example', 'boss@agency.example'])
        expect(
          catcher.accepted.filter((m) => m.envelope.to.includes(agency) && m.raw.includes(lead.id)),
        ).toHaveLength(1);
      expect(catcher.accepted.filter((m) => m.envelope.to.includes(lead.email))).toHaveLength(1);
      expect(receiver.forLead(lead.id)).toHaveLength(1);
    }
    await end();
  });

  it("writes and sends the day's digest once, however many instances write it", async () => {
    const { handles, end } = await instances();
    const { db } = await getDatabase();
    const at = new Date(Date.now() + 60_000); // the leads above are in its 24 hours
    // Three instances at the same moment; none has written today's yet.
    const written = await Promise.all(handles.map((handle) => writeDigestIfDue(handle ?? db, at)));
    expect(written).toEqual([true, true, true]);
    const options = outboxOptions({ now: () => at });
    await Promise.all(handles.map((handle) => runOutboxOnce(options, handle)));
    await waitForOutbox();
    const digests = catcher.accepted.filter((m) =>
      m.parsed.subject?.startsWith(`Leads digest for ${at.toISOString().slice(0, 10)}`),
    );
    expect(digests.map((m) => m.envelope.to[0]).sort()).toEqual([
      'boss@agency.example',
      'ops@agency.example',
    ]);
    expect(digests[0]!.parsed.text).toContain('Contact: 40');
    await end();
  });
});
