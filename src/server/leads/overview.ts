import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { leadFormRegistry, leadForms, type LeadForm } from '@/lib/lead-forms';
import { utcDay } from '@/lib/utc-time';
import { getDatabase } from '@/server/db/client';
import {
  leadDailyCounts,
  leadResponses,
  leadResultCounts,
  resultDimensions,
  type ResultDimension,
} from '@/server/db/schema';
import { postSigned } from '@/server/outbox/channels';
import { webhookFor } from '@/server/outbox/targets';
import { outboxOptions } from '@/server/outbox/worker';

/**
 * The inbox's overview: leads per day by form, what became of them by source, campaign and landing
 * page, and the test event (delivery health is outbox/delivery-health.ts).
 */

export const OVERVIEW_DAYS = 30;
/** Rows per results table: the values with the most leads. */
const RESULT_ROWS = 10;

type ResultRow = {
  /** The source, campaign or landing page ('' for no campaign, or a page not recorded). */
  value: string;
  leads: number;
  /** Leads whose status is qualified or won. */
  qualified: number;
  won: number;
  /** The median time from arrival to the first status change, of the leads that have one. */
  medianResponseSeconds: number | null;
};

export type Overview = {
  /** The last OVERVIEW_DAYS UTC days, oldest first, with each form's leads (spam left out). */
  days: Array<{ day: string; counts: Record<LeadForm, number> }>;
  /** Per dimension, the RESULT_ROWS values with the most leads. */
  results: Record<ResultDimension, ResultRow[]>;
  spam: number;
};

export async function overview(now = new Date()): Promise<Overview> {
  const { db } = await getDatabase();
  const today = new Date(`${utcDay(now)}T00:00:00.000Z`);
  const start = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * 86_400_000);
  const inWindow = gte(leadDailyCounts.day, utcDay(start));
  const total = sql<number>`sum(${leadDailyCounts.leads})::int`;

  const [perDay, results, spam] = await Promise.all([
    // The daily counts the triggers keep (lead_daily_counts): a few rows per day, however many leads.
    db
      .select({ day: leadDailyCounts.day, form: leadDailyCounts.form, n: total })
      .from(leadDailyCounts)
      .where(and(inWindow, eq(leadDailyCounts.status, 'accepted')))
      .groupBy(leadDailyCounts.day, leadDailyCounts.form),
    resultsSince(start),
    db
      .select({ n: total })
      .from(leadDailyCounts)
      .where(and(inWindow, eq(leadDailyCounts.status, 'spam'))),
  ]);

  const days = Array.from({ length: OVERVIEW_DAYS }, (_, index) => ({
    day: utcDay(new Date(start.getTime() + index * 86_400_000)),
    counts: Object.fromEntries(leadForms.map((form) => [form, 0])) as Record<LeadForm, number>,
  }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (entry) entry.counts[row.form] += row.n;
  }

  return { days, results, spam: spam[0]?.n ?? 0 };
}

/**
 * Results of the leads received since `start`, from the tables the triggers keep: counts from
 * lead_result_counts, medians from lead_responses (leads with a first response only).
 */
async function resultsSince(start: Date): Promise<Record<ResultDimension, ResultRow[]>> {
  const { db } = await getDatabase();
  const [counts, medians] = await Promise.all([
    db
      .select({
        dimension: leadResultCounts.dimension,
        value: leadResultCounts.value,
        stage: leadResultCounts.stage,
        n: sql<number>`sum(${leadResultCounts.leads})::int`,
      })
      .from(leadResultCounts)
      .where(gte(leadResultCounts.day, utcDay(start)))
      .groupBy(leadResultCounts.dimension, leadResultCounts.value, leadResultCounts.stage),
    db.execute(
      sql`SELECT ${leadResponses.source} AS source, ${leadResponses.campaign} AS campaign, ${leadResponses.page} AS page,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${leadResponses.seconds}) AS m
        FROM ${leadResponses} WHERE ${leadResponses.createdAt} >= ${start.toISOString()}::timestamptz
        GROUP BY GROUPING SETS ((${leadResponses.source}), (${leadResponses.campaign}), (${leadResponses.page}))`,
    ),
  ]);
  const rowsOf = (dimension: ResultDimension) => {
    const byValue = new Map<string, ResultRow>();
    for (const row of counts) {
      if (row.dimension !== dimension || row.n === 0) continue;
      const entry = byValue.get(row.value) ?? {
        value: row.value,
        leads: 0,
        qualified: 0,
        won: 0,
        medianResponseSeconds: null,
      };
      entry.leads += row.n;
      if (row.stage === 'qualified' || row.stage === 'won') entry.qualified += row.n;
      if (row.stage === 'won') entry.won += row.n;
      byValue.set(row.value, entry);
    }
    for (const row of rowsOfResult(medians as { rows: MedianRow[] })) {
      const value = row[dimension];
      const entry = value === null ? undefined : byValue.get(value);
      if (entry) entry.medianResponseSeconds = Math.round(Number(row.m));
    }
    return [...byValue.values()]
      .filter((row) => row.leads > 0)
      .sort((a, b) => b.leads - a.leads || a.value.localeCompare(b.value))
      .slice(0, RESULT_ROWS);
  };
  return Object.fromEntries(
    resultDimensions.map((dimension) => [dimension, rowsOf(dimension)]),
  ) as Record<ResultDimension, ResultRow[]>;
}

/** A median of one value of one dimension: the others are null (GROUPING SETS). */
type MedianRow = Record<ResultDimension, string | null> & { m: number | string };

/** The rows of db.execute's answer: node-postgres gives { rows }, PGlite's driver the same. */
const rowsOfResult = <T>(result: { rows: T[] } | T[]): T[] =>
  Array.isArray(result) ? result : result.rows;

export type TestEventResult =
  | {
      sent: true;
      ok: boolean;
      httpStatus: number | null;
      durationMs: number;
      error: string | null;
      at: Date;
    }
  | { sent: false; reason: 'no_webhook' };

/**
 * Posts a clearly marked test event to a form's webhook, signed and with the headers of a real
 * delivery, so the agency can check its receiver without a real lead. Nothing is stored.
 */
export async function sendTestEvent(form: LeadForm): Promise<TestEventResult> {
  // The webhook as deliveries reach it: its credentials and Header Auth included.
  const target = webhookFor(form);
  if (!target) return { sent: false, reason: 'no_webhook' };
  const id = `test_${randomUUID()}`;
  const at = new Date();
  const body = JSON.stringify({
    test: true,
    event: 'test',
    message:
      'Test event sent from the lead inbox. It is not a lead: ignore it or check that your workflow received it.',
    source: leadFormRegistry[form].source,
    form,
    timestamp: at.toISOString(),
  });
  const started = performance.now();
  const result = await postSigned(target, id, body, outboxOptions());
  return {
    sent: true,
    ok: result.ok,
    httpStatus: result.httpStatus,
    durationMs: Math.round(performance.now() - started),
    error: result.error,
    at,
  };
}
