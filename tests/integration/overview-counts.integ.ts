import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POST } from '@/app/api/leads/[form]/route';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { deleteLead, deleteLeadsByEmail, setSpam } from '@/server/leads/actions';
import { overview } from '@/server/leads/overview';
import { parseLeadQuery, searchLeads } from '@/server/leads/queries';
import { setStage } from '@/server/leads/workbench';
import { deliveryHealthReport } from '@/server/outbox/delivery-health';
import { NOT_CONFIGURED } from '@/server/outbox/jobs';
import { waitForOutbox } from '@/server/outbox/worker';
import { startReceiver } from './support/receiver';
import { freshEnvironment, leadRequest, postgresUrl, validBodies } from './support/helpers';

/**
 * The counters the triggers of migrations 0007 and 0010 keep (lead_daily_counts,
 * lead_result_counts, lead_responses) always equal counting the leads themselves, however leads
 * arrive, change or go; every delivery carries its lead's form. The overview and the inbox's
 * unsearched totals read the counters, so both are checked against the leads too.
 */

const receiver = await startReceiver();
await freshEnvironment({
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  LEADS_WEBHOOK_URL_DEMO: `${receiver.url}/demo`,
});

afterAll(async () => {
  await closeDatabase();
  await receiver.stop();
});

type Bucket = { day: string; form: string; status: string; source: string; leads: number };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const { db } = await getDatabase();
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The counters, and the same counted from the leads, both without empty buckets, in one order: the
 * daily counts, then the results' counts and responses (migration 0010) appended after them.
 */
async function countersAndTruth(): Promise<{ counters: unknown[]; truth: unknown[] }> {
  const counters = await rows<Bucket>(
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, form, status, source, leads FROM lead_daily_counts WHERE leads <> 0 ORDER BY 1, 2, 3, 4`,
  );
  const truth =
    await rows<Bucket>(sql`SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, form, status,
      lead_source(attribution) AS source, count(*)::int AS leads FROM leads GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  const resultCounters = await rows(
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, dimension, value, stage, leads FROM lead_result_counts WHERE leads <> 0 ORDER BY 1, 2, 3, 4`,
  );
  const resultTruth =
    await rows(sql`SELECT to_char((l.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
      d.dimension, d.value, l.stage, count(*)::int AS leads
    FROM leads AS l CROSS JOIN LATERAL lead_dimensions(l.attribution) AS d WHERE l.status = 'accepted'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  const responses = await rows(
    sql`SELECT lead_id::text AS id, source, campaign, page, seconds FROM lead_responses ORDER BY 1`,
  );
  const responseTruth = await rows(sql`SELECT id::text AS id, lead_source(attribution) AS source,
      lead_campaign(attribution) AS campaign, lead_page(attribution) AS page,
      greatest(0, round(extract(epoch FROM first_response_at - created_at)))::int AS seconds
    FROM leads WHERE status = 'accepted' AND first_response_at IS NOT NULL ORDER BY 1`);
  return {
    counters: [...counters, 'results', ...resultCounters, 'responses', ...responses],
    truth: [...truth, 'results', ...resultTruth, 'responses', ...responseTruth],
  };
}

async function post(form: keyof typeof validBodies, extra: Record<string, string> = {}) {
  const body = { ...validBodies[form], form_started_at: String(Date.now() - 10_000), ...extra };
  const response = await POST(leadRequest(form, { body: JSON.stringify(body) }), {
    params: Promise.resolve({ form }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe(`the overview's counts on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  const ids: string[] = [];

  it('counts leads posted through the API, many in one statement, by day, form, status and source', async () => {
    const sources: Array<Record<string, string>> = [
      { utm_source: 'google' },
      { utm_source: '', referrer: 'https://www.bing.com/search?q=ai' },
      { referrer: 'https://news.example:8443/item' },
      // The part before '@' is a user name, not where the visitor came from.
      { referrer: 'https://www.google.com@evil.example/landing', utm_campaign: 'spring' },
      {},
      { company_website: 'https://spam.example' }, // the honeypot: stored as spam
    ];
    // Concurrent posts share group-commit statements: one INSERT carries several leads.
    const forms = Object.keys(validBodies) as Array<keyof typeof validBodies>;
    ids.push(
      ...(await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(forms[i % forms.length]!, sources[i % sources.length]!),
        ),
      )),
    );
    const { counters, truth } = await countersAndTruth();
    expect(counters).toEqual(truth);
    const daily = await rows<Bucket>(sql`SELECT source, status, leads FROM lead_daily_counts`);
    expect(daily.reduce((sum, row) => sum + row.leads, 0)).toBe(40);
    expect(new Set(daily.map((row) => row.source))).toEqual(
      new Set(['google', 'www.bing.com', 'news.example', 'evil.example', 'direct']),
    );
    expect(daily.some((row) => row.status === 'spam')).toBe(true);
  });

  it('counts leads of other days, written in one statement', async () => {
    await rows(sql`INSERT INTO leads (id, form, status, fields, attribution, created_at)
      SELECT gen_random_uuid(), 'demo', 'accepted', '{"firstName":"Old","lastName":"Lead","email":"old@example.com"}'::jsonb,
        jsonb_build_object('utm_source', 'mailing-' || (n % 2)), now() - make_interval(days => n)
      FROM generate_series(1, 6) AS n`);
    const { counters, truth } = await countersAndTruth();
    expect(counters).toEqual(truth);
    const days = await rows<Bucket>(
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM lead_daily_counts`,
    );
    expect(new Set(days.map((row) => row.day)).size).toBeGreaterThanOrEqual(7);
  });

  it('moves a lead between statuses when it is marked spam and back, and ignores updates that change no count', async () => {
    expect(await setSpam(ids[0]!, true)).toBe('changed');
    expect(await setSpam(ids[1]!, true)).toBe('changed');
    expect(await setSpam(ids[1]!, false)).toBe('changed');
    const before = await countersAndTruth();
    expect(before.counters).toEqual(before.truth);
    const { db } = await getDatabase();
    await db.execute(sql`UPDATE leads SET user_agent = 'changed' WHERE id = ${ids[2]!}::uuid`);
    expect((await countersAndTruth()).counters).toEqual(before.counters);
  });

  it('moves leads between statuses one or many at a time, keeping each first response', async () => {
    // Every sixth lead posted above is spam (the honeypot); these are not.
    const [one, two, three, four, five, six] = [6, 7, 8, 9, 13, 14].map((i) => ids[i]!);
    expect((await setStage([one!], 'contacted')).changes.map((change) => change.to)).toEqual([
      'contacted',
    ]);
    const { db } = await getDatabase();
    // Answered an hour after arriving: the first response is measured from created_at.
    await db.execute(
      sql`UPDATE leads SET first_response_at = created_at + interval '1 hour' WHERE id = ${one!}::uuid`,
    );
    const { changes: many } = await setStage([one!, two!, three!, four!], 'won');
    expect(many).toHaveLength(4);
    expect(many.find((change) => change.id === one)).toMatchObject({ from: 'contacted' });
    expect((await setStage([two!], 'won')).changes).toEqual([]);
    await setStage([five!, six!], 'qualified');
    await setStage([six!], 'new');
    const [kept] = await rows<{ seconds: number }>(
      sql`SELECT seconds FROM lead_responses WHERE lead_id = ${one!}::uuid`,
    );
    expect(kept!.seconds).toBe(3600);
    const { counters, truth } = await countersAndTruth();
    expect(counters).toEqual(truth);
  });

  it('takes deleted leads off, one by one and by email', async () => {
    expect(await deleteLead(ids[3]!)).toBe(1);
    expect(await deleteLeadsByEmail(validBodies.contact.email)).toBeGreaterThan(1);
    const { counters, truth } = await countersAndTruth();
    expect(counters).toEqual(truth);
  });

  it("copies each lead's form to its deliveries, whoever inserts them", async () => {
    // Inserted the way accept-lead.ts does: the lead and its delivery in one statement.
    await rows(sql`WITH lead AS (INSERT INTO leads (id, form, status, fields) VALUES (gen_random_uuid(), 'aria-signup', 'accepted', '{}'::jsonb) RETURNING id)
      INSERT INTO lead_deliveries (id, lead_id, status) SELECT gen_random_uuid(), id, 'skipped' FROM lead`);
    const mismatched = await rows(
      sql`SELECT d.id FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id WHERE d.form IS DISTINCT FROM l.form`,
    );
    const [deliveries] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM lead_deliveries`,
    );
    expect(mismatched).toEqual([]);
    expect(deliveries!.n).toBeGreaterThan(20);
  });

  it('gives the overview, delivery health and the inbox totals the same figures as counting the leads', async () => {
    await waitForOutbox();
    const { days, results, spam } = await overview();
    const health = await deliveryHealthReport();
    const perForm = await rows<{
      form: string;
      channel: string;
      pending: number;
      failed: number;
      skipped: number;
      last: string | null;
    }>(
      // Skipped: only those waiting for their channel (not spam's, not declined confirmations).
      sql`SELECT l.form, d.channel,
        count(*) FILTER (WHERE d.status IN ('pending', 'delivering'))::int AS pending, count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
        count(*) FILTER (WHERE d.status = 'skipped' AND d.last_error IN (${sql.join(
          Object.values(NOT_CONFIGURED).map((words) => sql`${words}`),
          sql`, `,
        )}) AND (d.channel <> 'visitor_email' OR d.created_at > now() - interval '1 day'))::int AS skipped,
        max(d.delivered_at) FILTER (WHERE d.status = 'delivered') AS last
      FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id GROUP BY l.form, d.channel`,
    );
    for (const [form, channels] of Object.entries(health.forms))
      for (const [channel, counts] of Object.entries(channels)) {
        const expected = perForm.find((each) => each.form === form && each.channel === channel);
        expect({
          form,
          channel,
          pending: counts.pending,
          failed: counts.failed,
          skipped: counts.skipped,
          last: counts.lastDelivered?.getTime() ?? null,
        }).toEqual({
          form,
          channel,
          pending: expected?.pending ?? 0,
          failed: expected?.failed ?? 0,
          skipped: expected?.skipped ?? 0,
          last: expected?.last ? new Date(expected.last).getTime() : null,
        });
      }
    expect(health.forms.demo.webhook.lastDelivered).not.toBeNull();

    const [window] = await rows<{ accepted: number; spam: number }>(sql`SELECT
        count(*) FILTER (WHERE status = 'accepted')::int AS accepted, count(*) FILTER (WHERE status = 'spam')::int AS spam
      FROM leads WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '29 days'`);
    expect(
      days.reduce((sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0), 0),
    ).toBe(window!.accepted);
    expect(spam).toBe(window!.spam);
    for (const dimension of ['source', 'campaign', 'page'] as const)
      expect(results[dimension].reduce((sum, row) => sum + row.leads, 0)).toBe(window!.accepted);
    const bySource = await rows<{
      value: string;
      leads: number;
      qualified: number;
      won: number;
      median: number | null;
    }>(sql`SELECT lead_source(attribution) AS value, count(*)::int AS leads,
        count(*) FILTER (WHERE stage IN ('qualified', 'won'))::int AS qualified, count(*) FILTER (WHERE stage = 'won')::int AS won,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at)))::int AS median
      FROM leads WHERE status = 'accepted' AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '29 days'
      GROUP BY 1`);
    expect(
      [...results.source]
        .sort((a, b) => a.value.localeCompare(b.value))
        .map((row) => ({
          value: row.value,
          leads: row.leads,
          qualified: row.qualified,
          won: row.won,
          median: row.medianResponseSeconds,
        })),
    ).toEqual(bySource.sort((a, b) => a.value.localeCompare(b.value)));
    expect(results.source.some((row) => row.won > 0 && row.medianResponseSeconds !== null)).toBe(
      true,
    );
    expect(results.campaign.map((row) => row.value)).toContain('spring');

    const today = new Date().toISOString().slice(0, 10);
    for (const filter of [
      {},
      { form: 'demo' },
      { status: 'spam' },
      { form: 'contact', status: 'accepted' },
      { from: today },
      { to: today },
      { from: today, to: today },
    ]) {
      const { query } = parseLeadQuery(filter);
      const conditions = [sql`true`];
      if (query.form) conditions.push(sql`form = ${query.form}`);
      if (query.status) conditions.push(sql`status = ${query.status}`);
      if (query.from) conditions.push(sql`created_at >= ${query.from.toISOString()}::timestamptz`);
      if (query.to) conditions.push(sql`created_at < ${query.to.toISOString()}::timestamptz`);
      const [expected] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM leads WHERE ${sql.join(conditions, sql` AND `)}`,
      );
      expect({ filter, total: (await searchLeads(query)).total }).toEqual({
        filter,
        total: expected!.n,
      });
    }
  });
});
