import 'server-only';
import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import { getDatabase, type Db } from '@/server/db/client';
import { leadDeliveries, leadDeliveryAttempts, leads } from '@/server/db/schema';
import { buildWebhookPayload } from '@/server/leads/webhook-payload';
import { describeError, log } from '@/server/log';
import { retryDelayMs } from './backoff';
import { postWebhook } from './post-webhook';
import { webhookHeaders } from './sign';

/**
 * The outbox's delivery side. Every process runs it (several instances on one
 * PostgreSQL are fine):
 *
 * 1. Right after a lead commits, the request calls deliverNow(deliveryId)
 *    without awaiting it, so the visitor never waits for the webhook.
 * 2. A sweep every LEADS_SWEEP_INTERVAL_MS claims due rows (pending and
 *    next_attempt_at passed, or 'delivering' whose claim expired because a
 *    worker died) with FOR UPDATE SKIP LOCKED, so two workers never claim the
 *    same row, and delivers them.
 *
 * A claim sets status 'delivering', attempts + 1 and locked_until (twice the
 * timeout plus 5 s). The result is written only if the row is still this claim
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
};

export function outboxOptions(overrides: Partial<OutboxOptions> = {}): OutboxOptions {
  return {
    schedule: env.LEADS_RETRY_SCHEDULE_MS,
    timeoutMs: env.LEADS_WEBHOOK_TIMEOUT_MS,
    secret: env.LEADS_WEBHOOK_SECRET,
    batchSize: 10,
    random: Math.random,
    ...overrides,
  };
}

type Claimed = { id: string; leadId: string; webhookUrl: string | null; attempts: number };

// How long a claim holds: the HTTP attempt is cut off at timeoutMs, so twice that plus 5 s leaves ample time
// to record the result; after it, a row whose worker died (or hangs) is claimed again.
const leaseMs = (options: OutboxOptions) => 2 * options.timeoutMs + 5_000;

function due(now: Date): SQL {
  return or(
    and(eq(leadDeliveries.status, 'pending'), lte(leadDeliveries.nextAttemptAt, now)),
    and(eq(leadDeliveries.status, 'delivering'), lt(leadDeliveries.lockedUntil, now)),
  )!;
}

async function claim(db: Db, where: SQL, limit: number, options: OutboxOptions): Promise<Claimed[]> {
  const now = new Date();
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
        lockedUntil: new Date(now.getTime() + leaseMs(options)),
        updatedAt: now,
      })
      .where(inArray(leadDeliveries.id, rows.map((row) => row.id)))
      .returning({ id: leadDeliveries.id, leadId: leadDeliveries.leadId, webhookUrl: leadDeliveries.webhookUrl, attempts: leadDeliveries.attempts });
  });
}

async function deliver(db: Db, claimed: Claimed, options: OutboxOptions): Promise<void> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, claimed.leadId));
  const startedAt = new Date();
  const result =
    lead && claimed.webhookUrl
      ? await (() => {
          const body = JSON.stringify(buildWebhookPayload(lead));
          return postWebhook(claimed.webhookUrl, body, webhookHeaders(lead.id, body, options.secret), options.timeoutMs);
        })()
      : { ok: false, httpStatus: null, error: lead ? 'no webhook url' : 'lead not found' };
  const finishedAt = new Date();
  const durationMs = finishedAt.getTime() - startedAt.getTime();

  const delay = result.ok || !lead || !claimed.webhookUrl ? null : retryDelayMs(claimed.attempts, options.schedule, options.random);
  const outcome = result.ok ? 'delivered' : delay === null ? 'failed' : 'retry';
  const written = await db.transaction(async (tx) => {
    await tx.insert(leadDeliveryAttempts).values({
      deliveryId: claimed.id,
      attempt: claimed.attempts,
      startedAt,
      durationMs,
      httpStatus: result.httpStatus,
      error: result.error,
    });
    return tx
      .update(leadDeliveries)
      .set({
        status: outcome === 'retry' ? 'pending' : outcome,
        nextAttemptAt: outcome === 'retry' ? new Date(finishedAt.getTime() + delay!) : null,
        deliveredAt: result.ok ? finishedAt : null,
        lastStatus: result.httpStatus,
        lastError: result.error,
        lockedUntil: null,
        updatedAt: finishedAt,
      })
      .where(and(eq(leadDeliveries.id, claimed.id), eq(leadDeliveries.status, 'delivering'), eq(leadDeliveries.attempts, claimed.attempts)))
      .returning({ id: leadDeliveries.id });
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
    stale_claim: written.length === 0 ? true : undefined,
  });
}

const state = globalThis as typeof globalThis & {
  __leadsOutbox?: { timer: NodeJS.Timeout | null; sweeping: boolean; inFlight: Set<Promise<unknown>> };
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

/** First attempt for a just-accepted lead; errors are logged, the sweep picks the row up later. */
export function deliverNow(deliveryId: string, options = outboxOptions()): Promise<void> {
  return track(
    (async () => {
      const { db } = await getDatabase();
      const [claimed] = await claim(db, eq(leadDeliveries.id, deliveryId), 1, options);
      if (claimed) await deliver(db, claimed, options);
    })().catch((error: unknown) => log('error', 'lead.delivery_error', { delivery_id: deliveryId, error: describeError(error) })),
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
export function startOutboxWorker(intervalMs = env.LEADS_SWEEP_INTERVAL_MS, options = outboxOptions()): boolean {
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
