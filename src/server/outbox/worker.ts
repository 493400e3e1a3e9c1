import 'server-only';
import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import { getDatabase, type Database, type Db } from '@/server/db/client';
import { databaseWriters, groupCommit } from '@/server/db/group-commit';
import { leadDeliveries, leads, type LeadStatus } from '@/server/db/schema';
import { healthWords } from '@/content/emails';
import { emailConfigured } from '@/server/outbox/email/transport';
import { describeError, log } from '@/server/log';
import { claimLeaseMs, retryDelayMs } from './backoff';
import { attemptJob, type AttemptOutcome } from './channels';
import { recordHealth } from './delivery-health';
import {
  alertJobs,
  JOB_COLUMNS,
  jobValues,
  MARKED_SPAM,
  type ClaimedJob,
  type FirstAttempt,
} from './jobs';
import { warnOnce } from './warn-once';
import { writeDigestIfDue } from './watchdog';
import type { StoredLead } from './webhook-payload';
import { processGlobals } from '@/server/process';

/**
 * The outbox's delivery side (docs/architecture.md, "Server"). A lead's jobs arrive claimed by
 * the request's process (deliverAccepted, not awaited, so the visitor never waits); a sweep every
 * LEADS_SWEEP_INTERVAL_MS claims due or abandoned jobs with SKIP LOCKED, so none is shared.
 *
 * Each attempt reads this process's configuration (targets.ts), so a fixed URL reaches the next
 * retry. A claim bumps attempts and sets locked_until; its result is written only while the job is
 * still that claim. Delivery is at least once: receivers dedupe on Idempotency-Key (the lead id) or
 * Message-ID (the job id).
 */

export type OutboxOptions = {
  schedule: readonly number[];
  timeoutMs: number;
  secret: string | undefined;
  batchSize: number;
  random: () => number;
  /** The clock claims and results are written with (a test runs days of retries in seconds). */
  now: () => Date;
};

export function outboxOptions(overrides: Partial<OutboxOptions> = {}): OutboxOptions {
  return {
    schedule: env.LEADS_RETRY_SCHEDULE_MS,
    timeoutMs: env.LEADS_WEBHOOK_TIMEOUT_MS,
    secret: env.LEADS_WEBHOOK_SECRET,
    batchSize: 10,
    random: Math.random,
    now: () => new Date(),
    ...overrides,
  };
}

function due(now: Date): SQL {
  return or(
    and(eq(leadDeliveries.status, 'pending'), lte(leadDeliveries.nextAttemptAt, now)),
    and(eq(leadDeliveries.status, 'delivering'), lt(leadDeliveries.lockedUntil, now)),
  )!;
}

/** Pending or failed, due or not: what 'send now' attempts ahead of its schedule. */
const waiting = inArray(leadDeliveries.status, ['pending', 'failed']);

async function claim(
  db: Db,
  where: SQL,
  limit: number,
  options: OutboxOptions,
  ready: (now: Date) => SQL = due,
): Promise<ClaimedJob[]> {
  const now = options.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: leadDeliveries.id })
      .from(leadDeliveries)
      .where(and(where, ready(now)))
      .orderBy(asc(leadDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(leadDeliveries)
      .set({
        status: 'delivering',
        attempts: sql`${leadDeliveries.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + claimLeaseMs(options.timeoutMs)),
        updatedAt: now,
      })
      .where(
        inArray(
          leadDeliveries.id,
          rows.map((row) => row.id),
        ),
      )
      .returning({
        id: leadDeliveries.id,
        leadId: leadDeliveries.leadId,
        channel: leadDeliveries.channel,
        recipient: leadDeliveries.recipient,
        payload: leadDeliveries.payload,
        attempts: leadDeliveries.attempts,
      });
  });
}

type AttemptRecord = {
  db: Db;
  job: ClaimedJob;
  startedAt: Date;
  durationMs: number;
  result: AttemptOutcome;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  nextAttemptAt: Date | null;
  finishedAt: Date;
  /** The agency's alert (a webhook failed for good), written only if this result is. */
  alert: ReturnType<typeof alertJobs>;
};

const attemptValues = (a: AttemptRecord): SQL => {
  const done = a.finishedAt.toISOString();
  return sql`(${a.job.id}::uuid, ${a.job.attempts}::int, ${a.startedAt.toISOString()}::timestamptz, ${a.durationMs}::int,
    ${a.result.httpStatus}::int, ${a.result.reply}::text, ${a.result.error}::text, ${a.status}::text,
    ${a.nextAttemptAt?.toISOString() ?? null}::timestamptz, ${a.result.ok ? done : null}::timestamptz, ${done}::timestamptz,
    ${a.result.webhookUrl ?? null}::text)`;
};

/**
 * Records attempts and results, a group per statement: each attempt always (a data-modifying CTE
 * always runs), the result only where the job is still this claim, an alert only where its job's
 * result was written. Rows are grouped per database handle (tests run two).
 */
async function writeAttempts(group: AttemptRecord[]): Promise<{ written: boolean }[]> {
  const byDb = new Map<Db, AttemptRecord[]>();
  for (const record of group) byDb.set(record.db, [...(byDb.get(record.db) ?? []), record]);
  const written = new Set<string>();
  for (const [db, records] of byDb) {
    const alerts = records.flatMap((record) =>
      record.alert.map((job) => jobValues(job, record.job.id)),
    );
    const result =
      await db.execute(sql`WITH results (delivery_id, attempt, started_at, duration_ms, http_status, reply, error, status, next_attempt_at, delivered_at, updated_at, webhook_url) AS (
        VALUES ${sql.join(records.map(attemptValues), sql`, `)}
      ),
      -- The group's jobs, probed by key: joined to a list of rows instead, the planner may read the
      -- whole table whenever its statistics are stale (a fresh database, a busy hour).
      jobs AS (SELECT id FROM lead_deliveries WHERE id = ANY (ARRAY(SELECT delivery_id FROM results))),
      attempt AS (
        INSERT INTO lead_delivery_attempts (id, delivery_id, attempt, started_at, duration_ms, http_status, reply, error)
        SELECT gen_random_uuid(), delivery_id, attempt, started_at, duration_ms, http_status, reply, error FROM results r
        -- A job deleted with its lead mid-attempt has nothing to record, and must not fail the others' write.
        WHERE r.delivery_id IN (SELECT id FROM jobs)
      ), updated AS (
        UPDATE lead_deliveries d SET
          status = r.status, next_attempt_at = r.next_attempt_at, delivered_at = r.delivered_at, last_status = r.http_status,
          last_error = r.error, locked_until = NULL, updated_at = r.updated_at, webhook_url = COALESCE(r.webhook_url, d.webhook_url)
        FROM results r
        -- status || '' keeps the planner off the status index, which holds an entry for every
        -- claim since the last vacuum (a scan of thousands per statement).
        WHERE d.id = ANY (ARRAY(SELECT id FROM jobs)) AND d.id = r.delivery_id
          AND d.status || '' = 'delivering' AND d.attempts = r.attempt
        RETURNING d.id
      )${
        alerts.length === 0
          ? sql``
          : sql`, alerts AS (
        INSERT INTO lead_deliveries (${JOB_COLUMNS})
        SELECT ${JOB_COLUMNS} FROM (VALUES ${sql.join(alerts, sql`, `)}) AS v (source, ${JOB_COLUMNS})
        WHERE v.source IN (SELECT id FROM updated)
        ON CONFLICT (dedupe_key) DO NOTHING
      )`
      }
      SELECT id FROM updated`);
    for (const row of (result as unknown as { rows: { id: string }[] }).rows) written.add(row.id);
  }
  return group.map((record) => ({ written: written.has(record.job.id) }));
}

// Nobody waits on this write, so it lingers 50 ms to share its statement with other attempts.
const recordAttempt = groupCommit(writeAttempts, {
  concurrency: databaseWriters,
  lingerMs: 50,
});

async function loadLead(
  db: Db,
  id: string,
): Promise<(StoredLead & { status: LeadStatus }) | undefined> {
  const [lead] = await db
    .select({
      id: leads.id,
      form: leads.form,
      fields: leads.fields,
      attribution: leads.attribution,
      createdAt: leads.createdAt,
      status: leads.status,
    })
    .from(leads)
    .where(eq(leads.id, id));
  return lead;
}

/**
 * A job whose lead was marked spam while the job was out: skipped unattempted, or, if the mark was
 * lifted meanwhile, due again. One statement reads the lead as it writes, so a 'not spam' landing
 * at any moment finds the job either skipped (and requeues it) or already pending.
 */
async function settleMarkedSpam(db: Db, job: ClaimedJob, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`UPDATE lead_deliveries d SET
      status = CASE WHEN l.status = 'spam' THEN 'skipped' ELSE 'pending' END,
      last_error = CASE WHEN l.status = 'spam' THEN ${MARKED_SPAM}::text ELSE d.last_error END,
      next_attempt_at = CASE WHEN l.status = 'spam' THEN NULL ELSE ${at}::timestamptz END,
      attempts = d.attempts - 1, locked_until = NULL, updated_at = ${at}::timestamptz
    FROM leads l
    WHERE d.id = ${job.id}::uuid AND l.id = d.lead_id
      AND d.status = 'delivering' AND d.attempts = ${job.attempts}::int`);
}

type Context = { database: Pick<Database, 'db' | 'ipHashSalt'> };

async function deliver(
  { database }: Context,
  job: ClaimedJob,
  options: OutboxOptions,
  known?: StoredLead,
): Promise<void> {
  const { db } = database;
  const loaded = known ? undefined : job.leadId ? await loadLead(db, job.leadId) : undefined;
  if (loaded?.status === 'spam') return settleMarkedSpam(db, job, options.now());
  const lead = known ?? loaded;
  const startedAt = options.now();
  const started = performance.now();
  let result: AttemptOutcome;
  try {
    result = await attemptJob(job, lead ?? null, { database, ...options });
  } catch (error) {
    result = { ok: false, httpStatus: null, reply: null, error: describeError(error) };
  }
  const durationMs = Math.round(performance.now() - started);
  const finishedAt = new Date(startedAt.getTime() + durationMs);

  const scheduled =
    result.ok || result.end ? null : retryDelayMs(job.attempts, options.schedule, options.random);
  // A receiver that asked for a longer rest (429 or 503 with Retry-After) gets it.
  const delay = scheduled === null ? null : Math.max(scheduled, result.retryAfterMs ?? 0);
  const outcome = result.ok ? 'delivered' : (result.end ?? (delay === null ? 'failed' : 'retry'));
  const form = lead?.form ?? null;
  const alert =
    outcome === 'failed' && job.channel === 'webhook' && lead && env.LEADS_ALERT_FAILED
      ? alertJobs(
          {
            kind: 'delivery_failed',
            form: lead.form,
            leadId: lead.id,
            receivedAt: lead.createdAt.toISOString(),
            attempts: job.attempts,
            error: result.error ?? '',
          },
          `delivery-failed:${job.id}`,
          { leadId: lead.id, form: lead.form, now: finishedAt },
        )
      : [];
  const { written } = await recordAttempt({
    db,
    job,
    startedAt,
    durationMs,
    result,
    status: outcome === 'retry' ? 'pending' : outcome,
    nextAttemptAt: outcome === 'retry' ? new Date(finishedAt.getTime() + delay!) : null,
    finishedAt,
    alert,
  });
  if (result.health && written)
    void track(recordHealth({ db, ...result.health, at: finishedAt })).catch((error: unknown) =>
      log('error', 'outbox.health_error', { error: describeError(error) }),
    );

  // Webhook failures warn per attempt (the receiver's answer explains each); other channels warn
  // once about misconfiguration (warn-once.ts). No recipient, no reply text.
  log(
    result.ok || job.channel !== 'webhook' ? 'info' : 'warn',
    job.channel === 'webhook' ? 'lead.delivery_attempt' : 'outbox.attempt',
    {
      lead_id: job.leadId,
      delivery_id: job.id,
      channel: job.channel,
      form,
      attempt: job.attempts,
      outcome,
      http_status: result.httpStatus,
      duration_ms: durationMs,
      error: result.error,
      next_attempt_in_ms: outcome === 'retry' ? delay : undefined,
      // The claim expired and another worker took the job over; its result wins.
      stale_claim: written ? undefined : true,
    },
  );
}

const outbox = (processGlobals.__leadsOutbox ??= {
  timer: null,
  sweeping: false,
  inFlight: new Set(),
});

function track<T>(promise: Promise<T>): Promise<T> {
  outbox.inFlight.add(promise);
  void promise.finally(() => outbox.inFlight.delete(promise)).catch(() => undefined);
  return promise;
}

/** This process's database, or another handle on it (a test's second instance). */
async function contextFor(db?: Db): Promise<Context> {
  const database = await getDatabase();
  return { database: db ? { db, ipHashSalt: database.ipHashSalt } : database };
}

/**
 * Claims and delivers due jobs until none are left (bounded per call). Returns how many were
 * attempted. `database` defaults to this process's database.
 */
export async function runOutboxOnce(options = outboxOptions(), database?: Db): Promise<number> {
  const context = await contextFor(database);
  let attempted = 0;
  for (let round = 0; round < 20; round += 1) {
    const claimed = await claim(context.database.db, sql`true`, options.batchSize, options);
    attempted += claimed.length;
    await Promise.all(claimed.map((job) => deliver(context, job, options)));
    if (claimed.length < options.batchSize) break;
  }
  return attempted;
}

/**
 * Claims these jobs if due (with `early`, if pending or failed at all) and attempts them, awaited:
 * a re-send from the inbox or a command. Returns how many this call attempted.
 */
export async function deliverNow(
  jobIds: readonly string[],
  options = outboxOptions(),
  { early = false } = {},
): Promise<number> {
  if (jobIds.length === 0) return 0;
  const context = await contextFor();
  let attempted = 0;
  // A few at a time, so 'send now' on thousands of jobs does not open thousands of connections.
  for (let start = 0; start < jobIds.length; start += 25) {
    const ids = jobIds.slice(start, start + 25);
    const claimed = await claim(
      context.database.db,
      inArray(leadDeliveries.id, ids),
      ids.length,
      options,
      early ? () => waiting : due,
    );
    await track(Promise.all(claimed.map((job) => deliver(context, job, options))));
    attempted += claimed.length;
  }
  return attempted;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** First attempts for a just-accepted lead's claimed jobs; on error the sweep takes over later. */
export function deliverAccepted(first: FirstAttempt, options = outboxOptions()): Promise<void> {
  return track(
    (async () => {
      const context = await contextFor();
      // Each job starts in a turn of the event loop of its own, not among the request's microtasks:
      // a lead's fan-out (an email's rendering, the chat POST) never runs ahead of its response,
      // nor in one stretch ahead of the next request.
      const attempts: Promise<void>[] = [];
      for (const job of first.jobs) {
        await nextTurn();
        attempts.push(deliver(context, job, options, first.lead));
      }
      await Promise.all(attempts);
    })().catch((error: unknown) =>
      log('error', 'lead.delivery_error', {
        lead_id: first.lead.id,
        error: describeError(error),
      }),
    ),
  );
}

async function sweep(options: OutboxOptions): Promise<void> {
  if (outbox.sweeping) return;
  outbox.sweeping = true;
  try {
    await track(
      (async () => {
        const { db } = await getDatabase();
        await writeDigestIfDue(db, options.now());
        await runOutboxOnce(options);
      })(),
    );
  } catch (error) {
    log('error', 'outbox.sweep_error', { error: describeError(error) });
  } finally {
    outbox.sweeping = false;
  }
}

/** Starts the periodic sweep once per process (instrumentation.ts). */
export function startOutboxWorker(
  intervalMs = env.LEADS_SWEEP_INTERVAL_MS,
  options = outboxOptions(),
): boolean {
  if (outbox.timer) return false;
  outbox.timer = setInterval(() => void sweep(options), intervalMs);
  outbox.timer.unref();
  void sweep(options);
  log('info', 'outbox.started', { interval_ms: intervalMs });
  // Said once at start: every lead's emails are recorded as skipped until SMTP_URL is set.
  if (!emailConfigured()) warnOnce('email', 'off', 'email.off', { hint: healthWords.emailOff });
  return true;
}

export function stopOutboxWorker(): void {
  if (outbox.timer) clearInterval(outbox.timer);
  outbox.timer = null;
}

/** Resolves when every delivery this process has started has finished (tests, shutdown). */
export async function waitForOutbox(): Promise<void> {
  while (outbox.inFlight.size > 0) await Promise.allSettled([...outbox.inFlight]);
}
