import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POST } from '@/app/api/leads/[form]/route';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { confirmationDeclined } from '@/content/admin';
import { takeSlot } from '@/server/outbox/autoresponder';
import { leadJobs } from '@/server/outbox/lead-jobs';
import { waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freshEnvironment, leadRequest, PEER_ADDRESS_HEADER, validBodies } from './support/helpers';

/**
 * One client cannot spend the autoresponder on strangers: from one network (an IPv4 address, an
 * IPv6 /64) at most LEADS_AUTORESPONSE_PER_CLIENT confirmations go to different addresses in 24
 * hours, and the agency still hears of every lead. Leads posted to the route handler with the
 * address scripts/server.mjs would pass, confirmations read back from a real SMTP server.
 */

const catcher = await startMailCatcher();
const PER_CLIENT = 2;
await freshEnvironment({
  SMTP_URL: catcher.url(),
  MAIL_FROM: 'Brightline AI <hello@brightline.example>',
  LEADS_NOTIFY_TO: 'team@agency.example',
  LEADS_AUTORESPONSE_PER_HOUR: '1000',
  LEADS_AUTORESPONSE_PER_CLIENT: String(PER_CLIENT),
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
});

beforeAll(async () => {
  await getDatabase();
});

afterAll(async () => {
  await closeDatabase();
  await catcher.stop();
});

async function post(
  form: keyof typeof validBodies,
  email: string,
  address: string | null,
): Promise<string> {
  const response = await POST(
    leadRequest(form, {
      body: JSON.stringify({ ...validBodies[form], email }),
      headers: address ? { [PEER_ADDRESS_HEADER]: address } : {},
    }),
    { params: Promise.resolve({ form }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const confirmedTo = (address: string) =>
  catcher.accepted.filter((message) => message.envelope.to.includes(address)).length;
const toTeam = (leadId: string) =>
  catcher.accepted.filter(
    (message) =>
      message.envelope.to.includes('team@agency.example') && message.raw.includes(leadId),
  ).length;
const confirmation = async (leadId: string) =>
  (await leadJobs(leadId)).find((job) => job.channel === 'visitor_email')!;

describe('confirmations from one network', () => {
  it(`go to at most ${PER_CLIENT} addresses a day across forms; the rest are skipped, every lead still reaches the agency`, async () => {
    const ids = [
      await post('contact', 'first@example.com', '198.51.100.7'),
      await post('demo', 'second@example.com', '198.51.100.7'),
      await post('growth-audit', 'third@example.com', '198.51.100.7'),
    ];
    const elsewhere = await post('contact', 'fourth@example.com', '198.51.100.8');
    await waitForOutbox();

    expect(confirmedTo('first@example.com')).toBe(1);
    expect(confirmedTo('second@example.com')).toBe(1);
    expect(confirmedTo('third@example.com')).toBe(0);
    expect(await confirmation(ids[2]!)).toMatchObject({
      status: 'skipped',
      lastError: confirmationDeclined.network_limit,
    });
    expect(confirmedTo('fourth@example.com')).toBe(1);
    expect(await confirmation(elsewhere)).toMatchObject({ status: 'delivered' });
    for (const id of [...ids, elsewhere]) expect(toTeam(id)).toBe(1);

    // What is kept of the network is an HMAC, like the address.
    const { db } = await getDatabase();
    const rows = await db.execute(sql`SELECT address_hash, network FROM autoresponses`);
    expect(JSON.stringify(rows)).not.toMatch(/198\.51\.100|example\.com/);
  });

  it('count an IPv6 /64 as one network, as the rate limits do', async () => {
    await post('contact', 'six-a@example.com', '2001:db8:6:6::a');
    await post('contact', 'six-b@example.com', '[2001:db8:6:6::b]:5000');
    await post('contact', 'six-c@example.com', '2001:db8:6:6:ffff::c');
    await post('contact', 'six-d@example.com', '2001:db8:6:7::a');
    await waitForOutbox();
    expect(
      ['six-a', 'six-b', 'six-c', 'six-d'].map((name) => confirmedTo(`${name}@example.com`)),
    ).toEqual([1, 1, 0, 1]);
  });

  it('are not limited when the server cannot tell visitors apart (every one would be the same client)', async () => {
    for (const name of ['anon-a', 'anon-b', 'anon-c'])
      await post('contact', `${name}@example.com`, null);
    await waitForOutbox();
    expect(
      ['anon-a', 'anon-b', 'anon-c'].map((name) => confirmedTo(`${name}@example.com`)),
    ).toEqual([1, 1, 1]);
  });

  it("keep a retrying confirmation's slot: a job asking again is not counted against its own network", async () => {
    const { db, ipHashSalt } = await getDatabase();
    const network = 'network-of-a-retry';
    const now = new Date();
    const ask = (jobId: string, address: string) =>
      takeSlot(db, { jobId, address, network, salt: ipHashSalt, now });
    const jobs = [randomUUID(), randomUUID(), randomUUID()];
    expect(await ask(jobs[0]!, 'retry-a@example.com')).toBe('taken');
    expect(await ask(jobs[1]!, 'retry-b@example.com')).toBe('taken');
    expect(await ask(jobs[2]!, 'retry-c@example.com')).toBe('network_limit');
    expect(await ask(jobs[1]!, 'retry-b@example.com')).toBe('taken');
    expect(await ask(jobs[0]!, 'retry-a@example.com')).toBe('taken');
  });
});
