import 'server-only';
import { and, eq, gt, inArray, like, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import { healthWords } from '@/content/emails';
import { leadForms, type LeadForm } from '@/lib/lead-forms';
import { getDatabase, type Db } from '@/server/db/client';
import { groupCommit } from '@/server/db/group-commit';
import {
  deliveryChannels,
  deliveryHealth as healthTable,
  leadDeliveries,
  type DeliveryChannel,
} from '@/server/db/schema';
import { emailConfigured } from '@/server/outbox/email/transport';
import { CONFIRMATION_MAX_AGE_MS } from './autoresponder';
import {
  alertJobs,
  chatAlertJobs,
  JOB_COLUMNS,
  jobValues,
  NOT_CONFIGURED,
  type NewJob,
} from './jobs';
import { chatUrl, webhookUrlFor } from './targets';

/**
 * Whether each delivery path works: a form's webhook, the mail server, the chat app. When a webhook
 * or the mail server that worked starts failing, one conditional UPDATE flips it, so exactly one
 * instance sees the flip and writes the alert in the same statement.
 */

export type HealthPath = `webhook:${LeadForm}` | 'email' | 'chat';

/** The form whose webhook a path is ('webhook:<form>'). */
export const webhookForm = (path: `webhook:${LeadForm}`): LeadForm =>
  path.slice('webhook:'.length) as LeadForm;

export type HealthEvent = {
  db: Db;
  path: HealthPath;
  ok: boolean;
  at: Date;
  /** Agency-facing words, without addresses or credentials. */
  error: string | null;
};

type PathSummary = {
  lastSuccess: Date | null;
  lastError: { at: Date; error: string } | null;
  final: HealthEvent;
};

function summarise(events: HealthEvent[]): Map<string, PathSummary> {
  const byPath = new Map<string, PathSummary>();
  for (const event of events) {
    const summary = byPath.get(event.path) ?? { lastSuccess: null, lastError: null, final: event };
    if (event.ok && (!summary.lastSuccess || event.at > summary.lastSuccess))
      summary.lastSuccess = event.at;
    if (!event.ok && (!summary.lastError || event.at >= summary.lastError.at))
      summary.lastError = { at: event.at, error: event.error ?? '' };
    if (event.at >= summary.final.at) summary.final = event;
    byPath.set(event.path, summary);
  }
  return byPath;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Who is told when a path that worked starts failing: the alert addresses of a form's webhook or of
 * the chat app, and the chat app of the mail server (email cannot tell of itself).
 */
async function failingAlerts(db: Db, path: HealthPath, at: Date, error: string): Promise<NewJob[]> {
  if (!env.LEADS_ALERT_FAILING) return [];
  const since = at.toISOString();
  if (path === 'email')
    return chatAlertJobs(
      { kind: 'email_failing', since, error },
      `email-failing:chat:${since}`,
      at,
    );
  const [before] = await db
    .select({ lastSuccessAt: healthTable.lastSuccessAt })
    .from(healthTable)
    .where(eq(healthTable.path, path));
  const lastSuccessAt = iso(before?.lastSuccessAt);
  if (path === 'chat')
    return alertJobs(
      { kind: 'chat_failing', since, error, lastSuccessAt },
      `chat-failing:${since}`,
      {
        now: at,
      },
    );
  const form = webhookForm(path);
  return alertJobs(
    { kind: 'webhook_failing', form, since, error, lastSuccessAt },
    `webhook-failing:${form}:${since}`,
    { form, now: at },
  );
}

async function flip(db: Db, path: HealthPath, at: Date, error: string): Promise<void> {
  const flipped = sql`UPDATE delivery_health SET working = false, since = ${iso(at)}::timestamptz,
      last_error = ${error}, last_error_at = ${iso(at)}::timestamptz
    WHERE path = ${path} AND working RETURNING path`;
  const jobs = await failingAlerts(db, path, at, error);
  if (jobs.length === 0) return void (await db.execute(flipped));
  await db.execute(sql`WITH flipped AS (${flipped})
    INSERT INTO lead_deliveries (${JOB_COLUMNS})
    SELECT ${JOB_COLUMNS} FROM (VALUES ${sql.join(
      jobs.map((job) => jobValues(job)),
      sql`, `,
    )}) AS v (${JOB_COLUMNS})
    WHERE EXISTS (SELECT 1 FROM flipped)
    ON CONFLICT (dedupe_key) DO NOTHING`);
}

async function writeHealth(group: HealthEvent[]): Promise<void[]> {
  const byDb = new Map<Db, HealthEvent[]>();
  for (const event of group) byDb.set(event.db, [...(byDb.get(event.db) ?? []), event]);
  for (const [db, events] of byDb) {
    const paths = [...summarise(events)];
    for (const [, { final }] of paths)
      if (!final.ok) await flip(db, final.path, final.at, final.error ?? '');
    // One statement for the group's paths. A path's row is made by its first attempt and is
    // working only once it has worked (a 'started failing' alert needs a success before).
    const values = sql.join(
      paths.map(
        ([path, { lastSuccess, lastError, final }]) =>
          sql`(${path}, ${final.ok}, ${iso(final.at)}::timestamptz, ${iso(lastSuccess)}::timestamptz,
          ${lastError?.error ?? null}, ${iso(lastError?.at)}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`INSERT INTO delivery_health AS h (path, working, since, last_success_at, last_error, last_error_at)
      VALUES ${values}
      ON CONFLICT (path) DO UPDATE SET
        working = CASE WHEN excluded.working THEN true ELSE h.working END,
        since = CASE WHEN excluded.working AND NOT h.working THEN excluded.since ELSE h.since END,
        last_success_at = GREATEST(h.last_success_at, excluded.last_success_at),
        last_error = CASE WHEN excluded.last_error_at IS NOT NULL
          AND (h.last_error_at IS NULL OR excluded.last_error_at >= h.last_error_at)
          THEN excluded.last_error ELSE h.last_error END,
        last_error_at = GREATEST(h.last_error_at, excluded.last_error_at)`);
  }
  return group.map(() => undefined);
}

// Nobody waits on it: it lingers to gather a second's attempts into one statement (each is a
// commit, and an fsync on the embedded database, that lead intake would wait behind).
export const recordHealth = groupCommit(writeHealth, {
  concurrency: 1,
  lingerMs: 1_000,
});

// --- What the inbox shows ------------------------------------------------------------------------

/** Whether this process has somewhere to send the path's messages. */
function isConfigured(path: HealthPath): boolean {
  if (path === 'email') return emailConfigured();
  if (path === 'chat') return chatUrl() !== null;
  return webhookUrlFor(webhookForm(path)) !== null;
}

const pathOrder: HealthPath[] = [
  'email',
  'chat',
  ...leadForms.map((form) => `webhook:${form}` as const),
];

export type FailingPath = { path: HealthPath; since: Date; lastError: string | null };

/**
 * The configured paths whose last attempt failed, for the notice above every inbox page: the one
 * place that still tells the agency when email and the chat app, which alert on each other, both fail.
 */
export async function failingPaths(): Promise<FailingPath[]> {
  const { db } = await getDatabase();
  const rows = await db
    .select({ path: healthTable.path, since: healthTable.since, lastError: healthTable.lastError })
    .from(healthTable)
    .where(eq(healthTable.working, false));
  return pathOrder.flatMap((path) => {
    const row = rows.find((each) => each.path === path);
    return row && isConfigured(path) ? [{ ...row, path }] : [];
  });
}

export type PathHealth = {
  configured: boolean;
  /** off: not configured; untried: configured, no attempt yet; working; failing. */
  status: 'off' | 'untried' | 'working' | 'failing';
  /** When it started working or failing. */
  since: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** What to do when it is off. */
  hint: string | null;
};

export type JobCounts = {
  pending: number;
  failed: number;
  skipped: number;
  lastDelivered: Date | null;
};

export type DeliveryHealthReport = {
  webhook: Record<LeadForm, PathHealth>;
  email: PathHealth;
  chat: PathHealth;
  /** Outstanding jobs per form and channel (alerts about no one lead are under `alerts`). */
  forms: Record<LeadForm, Record<DeliveryChannel, JobCounts>>;
  alerts: JobCounts;
};

const emptyCounts = (): JobCounts => ({ pending: 0, failed: 0, skipped: 0, lastDelivered: null });

/**
 * The skipped jobs that wait for their channel: stored while it was not configured, and sent by
 * 'Deliver skipped' once it is (a confirmation only within a day of its lead). Not those of spam,
 * nor the confirmations the autoresponder declined: nothing will send those. Nor a digest: its
 * figures are old news once a later one is due.
 */
export function waitingForChannel(now: Date): SQL {
  return and(
    eq(leadDeliveries.status, 'skipped'),
    inArray(leadDeliveries.lastError, Object.values(NOT_CONFIGURED)),
    or(
      ne(leadDeliveries.channel, 'visitor_email'),
      gt(leadDeliveries.createdAt, new Date(now.getTime() - CONFIRMATION_MAX_AGE_MS)),
    ),
    sql`coalesce(${leadDeliveries.payload} ->> 'kind', '') <> 'digest'`,
  )!;
}

/** Delivery health per form and channel for /admin/overview. */
export async function deliveryHealthReport(): Promise<DeliveryHealthReport> {
  const { db } = await getDatabase();
  const [paths, outstanding, delivered] = await Promise.all([
    db.select().from(healthTable),
    db
      .select({
        form: leadDeliveries.form,
        channel: leadDeliveries.channel,
        status: leadDeliveries.status,
        n: sql<number>`count(*)::int`,
      })
      .from(leadDeliveries)
      .where(
        or(
          inArray(leadDeliveries.status, ['pending', 'delivering', 'failed']),
          waitingForChannel(new Date()),
        ),
      )
      .groupBy(leadDeliveries.form, leadDeliveries.channel, leadDeliveries.status),
    // Each form and channel's newest delivery: one probe of lead_deliveries_status_form_idx each.
    Promise.all(
      leadForms.flatMap((form) =>
        deliveryChannels.map(async (channel) => {
          const [newest] = await db
            .select({ at: max(leadDeliveries.deliveredAt) })
            .from(leadDeliveries)
            .where(
              and(
                eq(leadDeliveries.status, 'delivered'),
                eq(leadDeliveries.form, form),
                eq(leadDeliveries.channel, channel),
              ),
            );
          return { form: form as LeadForm | null, channel, at: newest?.at ?? null };
        }),
      ),
    ),
  ]);
  const row = new Map(paths.map((path) => [path.path, path]));
  const health = (path: HealthPath, hint: string): PathHealth => {
    const stored = row.get(path);
    const configured = isConfigured(path);
    return {
      configured,
      status: !configured ? 'off' : !stored ? 'untried' : stored.working ? 'working' : 'failing',
      since: stored?.since ?? null,
      lastSuccessAt: stored?.lastSuccessAt ?? null,
      lastError: stored?.lastError ?? null,
      lastErrorAt: stored?.lastErrorAt ?? null,
      hint: configured ? null : hint,
    };
  };
  const forms = Object.fromEntries(
    leadForms.map((form) => [
      form,
      Object.fromEntries(deliveryChannels.map((channel) => [channel, emptyCounts()])),
    ]),
  ) as DeliveryHealthReport['forms'];
  const alerts = emptyCounts();
  const countsFor = (form: LeadForm | null, channel: DeliveryChannel) =>
    form ? forms[form]?.[channel] : channel === 'alert' ? alerts : undefined;
  for (const { form, channel, status, n } of outstanding) {
    const counts = countsFor(form, channel);
    if (!counts) continue;
    if (status === 'failed') counts.failed += n;
    else if (status === 'skipped') counts.skipped += n;
    else counts.pending += n;
  }
  for (const { form, channel, at } of delivered) {
    const counts = countsFor(form, channel);
    if (counts && at) counts.lastDelivered = new Date(at);
  }
  return {
    webhook: Object.fromEntries(
      leadForms.map((form) => [form, health(`webhook:${form}`, healthWords.webhookOff)]),
    ) as Record<LeadForm, PathHealth>,
    email: health('email', healthWords.emailOff),
    chat: health('chat', healthWords.chatOff),
    forms,
    alerts,
  };
}

/** Whether the mail server and the chat app worked at their last attempt (null: none yet). */
export async function sharedPathsWorking(
  db: Db,
): Promise<{ email: boolean | null; chat: boolean | null }> {
  const rows = await db
    .select({ path: healthTable.path, working: healthTable.working })
    .from(healthTable)
    .where(inArray(healthTable.path, ['email', 'chat']));
  const of = (path: string) => rows.find((row) => row.path === path)?.working ?? null;
  return { email: of('email'), chat: of('chat') };
}

/** When a path last worked: the digest's last webhook delivery (any form) and last email. */
export async function lastWorked(db: Db, paths: 'webhook' | 'email'): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(healthTable.lastSuccessAt) })
    .from(healthTable)
    .where(paths === 'email' ? eq(healthTable.path, 'email') : like(healthTable.path, 'webhook:%'));
  return row?.at ? new Date(row.at) : null;
}
