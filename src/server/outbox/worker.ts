import 'server-only';
import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import { getDatabase, type Db } from '@/server/db/client';
import { groupCommit } from '@/server/db/group-commit';
import { leadDeliveries, leads } from '@/server/db/schema';
import type { FirstAttempt } from '@/server/leads/accept-lead';
import { webhookFor, type WebhookTarget } from '@/server/leads/config';
import { buildWebhookPayload, type StoredLead } from '@/server/leads/webhook-payload';
import { describeError, log } from '@/server/log';
import { claimLeaseMs, retryDelayMs } from './backoff';
import { postWebhook, type PostResult } from './post-webhook';
import { webhookHeaders } from './sign';

/**
 * The outbox's delivery side. Every process runs it (several instances on one
 * PostgreSQL are fine):
 *
 * 1. A lead's delivery row is written already claimed by the request's
 *    process (accept-lead.ts), which then calls deliverAccepted() without
 *    awaiting it, so the visitor never waits for the webhook.
 * 2. A sweep every LEADS_SWEEP_INTERVAL_MS claims due rows (pending and
 *    next_attempt_at passed, or 'delivering' whose claim expired because a
 *    worker died) with FOR UPDATE SKIP LOCKED, so two workers never claim the
 *    same row, and delivers them.
 *
 * Each attempt posts to the form's webhook as configured in this process when
 * it is made (leads/config.ts), never to the URL stored when the lead was
 * accepted: that column only records, without credentials, where the latest
 * attempt went. So fixing a wrong LEADS_WEBHOOK_URL and re-sending (or just
 * waiting for the next retry after a restart) reaches the new URL. With no
 * webhook configured any more, the delivery goes back to 'skipped', which
 * `npm run leads -- retry-failed --skipped` re-queues once one is set.
 *
 * A claim sets status 'delivering', attempts + 1 and locked_until
 * (claimLeaseMs: twice the timeout plus 5 s). The result is written only if the row is still this claim
 * (same attempts, still delivering). Delivery is at least once: a worker dying
 * after the receiver got the lead but before recording it means a second
 * delivery, which the receiver deduplicates by Idempotency-Key (the lead id).
 */

export type OutboxOptions = {
  schedule: readonly number[];
  timeoutMs: number;
  secret: string | undefined;
  batchSize: number;
  random: () => number;
  /** The time claims and results are written with (a test drives days of retries in seconds with its own). */
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

type Claimed = { id: string; leadId: string | null; attempts: number };

function due(now: Date): SQL {
  return or(
    and(eq(leadDeliveries.status, 'pending'), lte(leadDeliveries.nextAttemptAt, now)),
    and(eq(leadDeliveries.status, 'delivering'), lt(leadDeliveries.lockedUntil, now)),
  )!;
}

async function claim(
  db: Db,
  where: SQL,
  limit: number,
  options: OutboxOptions,
): Promise<Claimed[]> {
  const now = options.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: leadDeliveries.id })
      .from(leadDeliveries)
      .where(and(where, due(now)))
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
        attempts: leadDeliveries.attempts,
      });
  });
}

type AttemptRecord = {
  db: Db;
  claimed: Claimed;
  startedAt: Date;
  durationMs: number;
  result: PostResult;
  /** Where this attempt went, without credentials (null: nowhere, none configured). */
  webhookUrl: string | null;
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  nextAttemptAt: Date | null;
  finishedAt: Date;
};

const attemptValues = (a: AttemptRecord): SQL => {
  const done = a.finishedAt.toISOString();
  return sql`(${a.claimed.id}::uuid, ${a.claimed.attempts}::int, ${a.startedAt.toISOString()}::timestamptz, ${a.durationMs}::int,
    ${a.result.httpStatus}::int, ${a.result.error}::text, ${a.status}::text, ${a.nextAttemptAt?.toISOString() ?? null}::timestamptz,
    ${a.result.ok ? done : null}::timestamptz, ${done}::timestamptz, ${a.webhookUrl}::text)`;
};

/**
 * Records attempts and their results, a group per statement (group-commit.ts):
 * each attempt is always recorded (a data-modifying CTE always runs), the
 * result only where the row is still this claim (same attempts, still
 * delivering). Rows are grouped per database handle (tests run two).
 */
async function writeAttempts(group: AttemptRecord[]): Promise<{ written: boolean }[]> {
  const byDb = new Map<Db, AttemptRecord[]>();
  for (const record of group) byDb.set(record.db, [...(byDb.get(record.db) ?? []), record]);
  const written = new Set<string>();
  for (const [db, records] of byDb) {
    const result =
      await db.execute(sql`WITH results (delivery_id, attempt, started_at, duration_ms, http_status, error, status, next_attempt_at, delivered_at, updated_at, webhook_url) AS (
        VALUES ${sql.join(records.map(attemptValues), sql`, `)}
      ), attempt AS (
        INSERT INTO lead_delivery_attempts (id, delivery_id, attempt, started_at, duration_ms, http_status, error)
        SELECT gen_random_uuid(), delivery_id, attempt, started_at, duration_ms, http_status, error FROM results
      )
      UPDATE lead_deliveries d SET
        status = r.status, next_attempt_at = r.next_attempt_at, delivered_at = r.delivered_at, last_status = r.http_status,
        last_error = r.error, locked_until = NULL, updated_at = r.updated_at, webhook_url = COALESCE(r.webhook_url, d.webhook_url)
      FROM results r
      WHERE d.id = r.delivery_id AND d.status = 'delivering' AND d.attempts = r.attempt
      RETURNING d.id`);
    for (const row of (result as unknown as { rows: { id: string }[] }).rows) written.add(row.id);
  }
  return group.map((record) => ({ written: written.has(record.claimed.id) }));
}

// Nobody waits on this write, so it lingers 50 ms to share its statement with other attempts.
const recordAttempt = groupCommit(writeAttempts, {
  concurrency: env.DATABASE_URL ? 4 : 1,
  lingerMs: 50,
});

/** One signed post to a webhook target: Standard Webhooks headers under `id`, plus the target's Header Auth. */
export function postSigned(
  target: WebhookTarget,
  id: string,
  body: string,
  options: Pick<OutboxOptions, 'secret' | 'timeoutMs'>,
): Promise<PostResult> {
  return postWebhook(
    target.url,
    body,
    { ...webhookHeaders(id, body, options.secret), ...target.headers },
    options.timeoutMs,
  );
}

function attempt(
  lead: StoredLead,
  target: WebhookTarget,
  options: OutboxOptions,
): Promise<PostResult> {
  return postSigned(target, lead.id, JSON.stringify(buildWebhookPayload(lead)), options);
}

async function deliver(
  db: Db,
  claimed: Claimed,
  options: OutboxOptions,
  known?: StoredLead,
): Promise<void> {
  const lead =
    known ??
    (claimed.leadId
      ? (await db.select().from(leads).where(eq(leads.id, claimed.leadId)))[0]
      : undefined);
  const target = lead ? webhookFor(lead.form) : null;
  const startedAt = options.now();
  const started = performance.now();
  const result: PostResult =
    lead && target
      ? await attempt(lead, target, options)
      : { ok: false, httpStatus: null, error: lead ? 'no webhook configured' : 'lead not found' };
  const durationMs = Math.round(performance.now() - started);
  const finishedAt = new Date(startedAt.getTime() + durationMs);

  const delay =
    result.ok || !target ? null : retryDelayMs(claimed.attempts, options.schedule, options.random);
  const outcome = result.ok
    ? 'delivered'
    : lead && !target
      ? 'skipped'
      : delay === null
        ? 'failed'
        : 'retry';
  const { written } = await recordAttempt({
    db,
    claimed,
    startedAt,
    durationMs,
    result,
    webhookUrl: target?.record ?? null,
    status: outcome === 'retry' ? 'pending' : outcome,
    nextAttemptAt: outcome === 'retry' ? new Date(finishedAt.getTime() + delay!) : null,
    finishedAt,
  });

  log(result.ok ? 'info' : 'warn', 'lead.delivery_attempt', {
    lead_id: claimed.leadId,
    delivery_id: claimed.id,
    form: lead?.form,
    attempt: claimed.attempts,
    outcome,
    http_status: result.httpStatus,
    duration_ms: durationMs,
    error: result.error,
    next_attempt_in_ms: outcome === 'retry' ? delay : undefined,
    // The claim expired and another worker took the row over; its result wins.
    stale_claim: written ? undefined : true,
  });
}

const state = globalThis as typeof globalThis & {
  __leadsOutbox?: {
    timer: NodeJS.Timeout | null;
    sweeping: boolean;
    inFlight: Set<Promise<unknown>>;
  };
};
const outbox = (state.__leadsOutbox ??= { timer: null, sweeping: false, inFlight: new Set() });

function track<T>(promise: Promise<T>): Promise<T> {
  outbox.inFlight.add(promise);
  void promise.finally(() => outbox.inFlight.delete(promise)).catch(() => undefined);
  return promise;
}

/**
 * Claims and delivers due deliveries until none are left (bounded per call).
 * Returns how many were attempted. `db` defaults to this process's database
 * (tests pass a second connection pool to play a second instance).
 */
export async function runOutboxOnce(options = outboxOptions(), database?: Db): Promise<number> {
  const db = database ?? (await getDatabase()).db;
  let attempted = 0;
  for (let round = 0; round < 20; round += 1) {
    const claimed = await claim(db, sql`true`, options.batchSize, options);
    attempted += claimed.length;
    await Promise.all(claimed.map((row) => deliver(db, row, options)));
    if (claimed.length < options.batchSize) break;
  }
  return attempted;
}

/** Claims these deliveries if they are due and attempts them now, awaited (a re-send from the inbox or the command line). */
export async function deliverNow(
  deliveryIds: readonly string[],
  options = outboxOptions(),
): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const { db } = await getDatabase();
  const claimed = await claim(
    db,
    inArray(leadDeliveries.id, [...deliveryIds]),
    deliveryIds.length,
    options,
  );
  await track(Promise.all(claimed.map((row) => deliver(db, row, options))));
  return claimed.length;
}

/** First attempt for a just-accepted lead (already claimed); errors are logged, the sweep takes over later. */
export function deliverAccepted(first: FirstAttempt, options = outboxOptions()): Promise<void> {
  return track(
    (async () => {
      const { db } = await getDatabase();
      await deliver(db, first, options, first.lead);
    })().catch((error: unknown) =>
      log('error', 'lead.delivery_error', { delivery_id: first.id, error: describeError(error) }),
    ),
  );
}

async function sweep(options: OutboxOptions): Promise<void> {
  if (outbox.sweeping) return;
  outbox.sweeping = true;
  try {
    await track(runOutboxOnce(options));
  } catch (error) {
    log('error', 'outbox.sweep_error', { error: describeError(error) });
  } finally {
    outbox.sweeping = false;
  }
}

/** Starts the periodic sweep once per process (instrumentation.ts). Opening the database applies migrations. */
export function startOutboxWorker(
  intervalMs = env.LEADS_SWEEP_INTERVAL_MS,
  options = outboxOptions(),
): boolean {
  if (outbox.timer) return false;
  outbox.timer = setInterval(() => void sweep(options), intervalMs);
  outbox.timer.unref();
  void sweep(options);
  log('info', 'outbox.started', { interval_ms: intervalMs });
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
