import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { POST } from '@/app/api/leads/[form]/route';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { ALERT_AFTER_MS, checkIntake } from '@/server/leads/intake-health';
import { waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freshEnvironment, leadRequest, validBodies, waitFor } from './support/helpers';

/**
 * Leads the database will not store (here a trigger that fails every insert into leads with the
 * code of a full disk, as PostgreSQL does when it cannot extend a table): each visitor gets 503,
 * health says leads are refused, why and how many, and the agency is emailed once the failure has
 * lasted a minute and once leads are stored again. A real SMTP server on loopback reads the emails.
 */

const catcher = await startMailCatcher();
await freshEnvironment({
  SMTP_URL: catcher.url(),
  LEADS_NOTIFY_TO: 'team@agency.example',
  LEADS_ALERT_TO: 'ops@agency.example',
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'info',
});

const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error')].map((spy) =>
  spy.mockImplementation(() => undefined),
);
const events = (event: string) =>
  logged
    .flatMap((spy) => spy.mock.calls)
    .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
    .filter((line) => line.event === event);

const alerts = () =>
  catcher.accepted.filter((message) => message.envelope.to.includes('ops@agency.example'));

beforeAll(async () => {
  const { db } = await getDatabase();
  await db.execute(sql`CREATE FUNCTION fill_the_disk() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
    END $$`);
});

afterAll(async () => {
  for (const spy of logged) spy.mockRestore();
  await waitForOutbox();
  await closeDatabase();
  await catcher.stop();
});

async function post(email: string): Promise<number> {
  const response = await POST(
    leadRequest('contact', { body: JSON.stringify({ ...validBodies.contact, email }) }),
    { params: Promise.resolve({ form: 'contact' }) },
  );
  return response.status;
}

async function diskFull(full: boolean): Promise<void> {
  const { db } = await getDatabase();
  await db.execute(
    full
      ? sql`CREATE TRIGGER disk_full BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION fill_the_disk()`
      : sql`DROP TRIGGER disk_full ON leads`,
  );
}

const healthNow = async () => {
  const response = await health();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('when the database will not store leads', () => {
  it('refuses each lead 503, and health says leads are refused, why and how many', async () => {
    expect(await post('before@example.com')).toBe(201);
    expect(await healthNow()).toMatchObject({ status: 200, body: { intake: { storing: true } } });

    await diskFull(true);
    const startedAt = Date.now();
    expect(await post('refused-1@example.com')).toBe(503);
    expect(await post('refused-2@example.com')).toBe(503);
    const { status, body } = await healthNow();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      ok: false,
      database: 'up',
      intake: { storing: false, refused: 2, error: 'disk_full' },
    });
    const since = Date.parse((body.intake as { since: string }).since);
    expect(since).toBeGreaterThanOrEqual(startedAt - 1);
    // Said once at error, not once a lead.
    expect(events('lead.intake_failing')).toEqual([
      expect.objectContaining({ level: 'error', error: 'disk_full' }),
    ]);
  });

  it('emails the agency once the refusal has lasted a minute, then not again', async () => {
    const since = Date.parse(((await healthNow()).body.intake as { since: string }).since);
    await checkIntake(new Date(since + ALERT_AFTER_MS - 1000));
    expect(alerts()).toHaveLength(0);
    await checkIntake(new Date(since + ALERT_AFTER_MS));
    await checkIntake(new Date(since + ALERT_AFTER_MS + 15_000));
    expect(alerts()).toHaveLength(1);
    const [alert] = alerts();
    expect(alert!.parsed.subject).toBe('The website is refusing leads: the disk is full');
    expect(alert!.parsed.text).toContain('are being refused (2 so far): the disk is full.');
    expect(alert!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@/);
    // Only the agency's alert addresses: never the refused visitors.
    expect(catcher.accepted.flatMap((message) => message.envelope.to)).not.toContain(
      'refused-1@example.com',
    );
  });

  it('ends when a write works again, with one more email, and the probes leave no lead', async () => {
    expect(await post('refused-3@example.com')).toBe(503);
    await diskFull(false);
    await checkIntake();
    expect(await healthNow()).toMatchObject({
      status: 200,
      body: { ok: true, intake: { storing: true } },
    });
    const recovered = await waitFor(async () => alerts()[1], { what: 'the second alert' });
    expect(recovered.parsed.subject).toBe('The website stores leads again');
    expect(recovered.parsed.text).toContain('(3 in all): the disk is full.');
    expect(events('lead.intake_recovered')).toEqual([
      expect.objectContaining({ level: 'info', refused: 3 }),
    ]);
    const { db } = await getDatabase();
    const probes = await db.execute(
      sql`SELECT count(*)::int AS n FROM leads WHERE fields ? 'probe'`,
    );
    expect((probes as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect(await post('after@example.com')).toBe(201);
  });

  it('emails nobody about a refusal that ends within the minute', async () => {
    await diskFull(true);
    expect(await post('blip@example.com')).toBe(503);
    expect((await healthNow()).status).toBe(503);
    await diskFull(false);
    // A lead stored meanwhile does not end it: on a nearly full disk a small one may fit.
    expect(await post('after-blip@example.com')).toBe(201);
    expect((await healthNow()).status).toBe(503);
    await checkIntake();
    expect((await healthNow()).body).toMatchObject({ ok: true, intake: { storing: true } });
    await waitForOutbox();
    expect(alerts()).toHaveLength(2);
  });
});
