import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { getDatabase } from '@/server/db/client';
import { hashAddress } from '@/server/http/client-address';
import { describeError, log } from '@/server/log';
import { processGlobals } from '@/server/process';

/**
 * Counters in fixed windows: per-address rate limits in one-minute windows, and each paid
 * service's budget in clock hours. In PostgreSQL with DATABASE_URL, so instances share them
 * (addresses as a salted hash), in memory on the single-process embedded database. If PostgreSQL
 * cannot be reached memory takes over: better than refusing everyone.
 */

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
const HOUR_MS = 60 * WINDOW_MS;
const MAX_KEYS = 50_000;

type Hit = { count: number; retryAfterSeconds: number };

/**
 * In-process windows (also the fallback): each starts at its key's first use or, `aligned`, on
 * the clock. `now` is injectable for tests.
 */
export function createMemoryWindows(windowMs = WINDOW_MS, aligned = false) {
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (now: number) => {
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
    // Still full (a flood of distinct keys): drop the oldest rather than grow without bound.
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };
  const count = (key: string, now = Date.now()): Hit => {
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (!window && windows.size >= MAX_KEYS) prune(now);
      window = { start: aligned ? now - (now % windowMs) : now, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, retryAfterSeconds: secondsLeft(window.start + windowMs, now) };
  };
  return {
    hit: (key: string, limit: number, now = Date.now()): RateLimitResult =>
      verdict(count(key, now), limit),
    count,
    /** What `key`'s current window has counted, without counting. */
    peek: (key: string, now = Date.now()): number => {
      const window = windows.get(key);
      return window && now - window.start < windowMs ? window.count : 0;
    },
  };
}

const secondsLeft = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

function verdict(hit: Hit, limit: number): RateLimitResult {
  return hit.count <= limit
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
}

export type MemoryWindows = ReturnType<typeof createMemoryWindows>;

const memory = createMemoryWindows();
// On the process, not the module: the endpoints count and the inbox's overview reads, from
// bundles of their own.
const memoryHours = (processGlobals.__budgetHours ??= createMemoryWindows(HOUR_MS, true));
let lastCleanup = 0;

/** Counts one in `key`'s shared window of `windowMs`, aligned to the clock. */
async function countShared(key: string, windowMs: number, now: number): Promise<Hit> {
  const database = await getDatabase();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const result = await database.db
    .execute(sql`INSERT INTO rate_limit_windows AS w (key, window_start, count)
      VALUES (${key}, ${windowStart.toISOString()}::timestamptz, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN w.window_start = EXCLUDED.window_start THEN w.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING count`);
  const count = Number(
    (result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 1,
  );
  // Every window has ended an hour after it began, the longest's included.
  if (now - lastCleanup > WINDOW_MS) {
    lastCleanup = now;
    void database.db
      .execute(
        sql`DELETE FROM rate_limit_windows WHERE window_start < ${new Date(now - HOUR_MS - WINDOW_MS).toISOString()}::timestamptz`,
      )
      .catch((error: unknown) =>
        log('warn', 'rate_limit.cleanup_failed', { error: describeError(error) }),
      );
  }
  return { count, retryAfterSeconds: secondsLeft(windowStart.getTime() + windowMs, now) };
}

/**
 * Counts one in `key`'s window: shared in PostgreSQL with DATABASE_URL (under `sharedKey`), else,
 * or while PostgreSQL cannot be reached, in `local`.
 */
async function countOne(
  scope: string,
  key: string,
  local: MemoryWindows,
  windowMs: number,
  now: number,
  sharedKey: (ipHashSalt: string) => string = () => key,
): Promise<Hit> {
  if (!env.DATABASE_URL) return local.count(key, now);
  try {
    const { ipHashSalt } = await getDatabase();
    return await countShared(sharedKey(ipHashSalt), windowMs, now);
  } catch (error) {
    log('warn', 'rate_limit.shared_unavailable', { scope, error: describeError(error) });
    return local.count(key, now);
  }
}

/** Counts one request from `address` in `scope` (e.g. 'leads:contact', 'chat', 'voice'). */
export async function checkRateLimit(
  scope: string,
  address: string,
  limit: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  if (limit <= 0) return { allowed: true };
  const key = `${scope}:${address}`;
  // Addresses are stored as a salted hash, under their scope's first word.
  const hashed = (salt: string) => `${scope.split(':')[0]}:${hashAddress(key, salt)}`;
  return verdict(await countOne(scope, key, memory, WINDOW_MS, now, hashed), limit);
}

export type BudgetResult =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; limit: number; firstRefused: boolean };

/**
 * Spends one of a paid service's `perHour` uses in this clock hour, across instances, so many
 * addresses together cannot run up its bill. `firstRefused` is true for exactly one refusal an
 * hour (the count is atomic), the one to alert on. Refused uses count too; the hour's end resets.
 */
export async function spendHourlyBudget(
  service: 'chat' | 'voice',
  perHour: number,
  now = Date.now(),
): Promise<BudgetResult> {
  if (perHour <= 0) return { allowed: true };
  const key = `budget:${service}`;
  const hit = await countOne(key, key, memoryHours, HOUR_MS, now);
  if (hit.count <= perHour) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: hit.retryAfterSeconds,
    limit: perHour,
    firstRefused: hit.count === perHour + 1,
  };
}

export type BudgetUsage = {
  service: 'chat' | 'voice';
  limit: number;
  used: number;
  resetsAt: Date;
};

/** How much of each paid service's budget this clock hour has used, refusals included. */
export async function budgetsThisHour(now = Date.now()): Promise<BudgetUsage[]> {
  const hourStart = new Date(Math.floor(now / HOUR_MS) * HOUR_MS);
  const resetsAt = new Date(hourStart.getTime() + HOUR_MS);
  const limits = { chat: env.CHAT_MESSAGES_PER_HOUR, voice: env.VOICE_CALLS_PER_HOUR };
  const used = new Map<string, number>(
    Object.keys(limits).map((service) => [service, memoryHours.peek(`budget:${service}`, now)]),
  );
  if (env.DATABASE_URL) {
    try {
      const { db } = await getDatabase();
      const result = await db.execute(sql`SELECT key, count FROM rate_limit_windows
        WHERE key IN ('budget:chat', 'budget:voice')
          AND window_start = ${hourStart.toISOString()}::timestamptz`);
      used.clear();
      for (const row of (result as unknown as { rows: Array<{ key: string; count: number }> }).rows)
        used.set(row.key.slice('budget:'.length), Number(row.count));
    } catch (error) {
      log('warn', 'rate_limit.shared_unavailable', {
        scope: 'budget',
        error: describeError(error),
      });
    }
  }
  return (['chat', 'voice'] as const).map((service) => ({
    service,
    limit: limits[service],
    used: used.get(service) ?? 0,
    resetsAt,
  }));
}
