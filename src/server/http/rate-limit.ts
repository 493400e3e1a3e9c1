import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { getDatabase } from '@/server/db/client';
import { hashAddress } from '@/server/http/client-address';
import { describeError, log } from '@/server/log';

/**
 * Per-address rate limits in one-minute windows: in PostgreSQL with DATABASE_URL, so instances
 * share them (keyed by a salted hash of the address), in memory on the single-process embedded
 * database. If PostgreSQL cannot be reached memory takes over: better than refusing everyone.
 */

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
const MAX_KEYS = 50_000;

/** In-process windows (also the fallback). `now` is injectable for tests. */
export function createMemoryWindows(windowMs = WINDOW_MS) {
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (now: number) => {
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
    // Still full (a flood of distinct keys): drop the oldest rather than grow without bound.
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };
  return {
    hit(key: string, limit: number, now = Date.now()): RateLimitResult {
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        if (!window && windows.size >= MAX_KEYS) prune(now);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
      };
    },
  };
}

const memory = createMemoryWindows();
let lastCleanup = 0;

async function hitShared(key: string, limit: number, now: number): Promise<RateLimitResult> {
  const database = await getDatabase();
  const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  const hashed = `${key.split(':')[0]}:${hashAddress(key, database.ipHashSalt)}`;
  const result = await database.db
    .execute(sql`INSERT INTO rate_limit_windows AS w (key, window_start, count)
      VALUES (${hashed}, ${windowStart.toISOString()}::timestamptz, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN w.window_start = EXCLUDED.window_start THEN w.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING count`);
  const count = Number(
    (result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 1,
  );
  if (now - lastCleanup > WINDOW_MS) {
    lastCleanup = now;
    void database.db
      .execute(
        sql`DELETE FROM rate_limit_windows WHERE window_start < ${new Date(windowStart.getTime() - WINDOW_MS).toISOString()}::timestamptz`,
      )
      .catch((error: unknown) =>
        log('warn', 'rate_limit.cleanup_failed', { error: describeError(error) }),
      );
  }
  if (count <= limit) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000)),
  };
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
  if (!env.DATABASE_URL) return memory.hit(key, limit, now);
  try {
    return await hitShared(key, limit, now);
  } catch (error) {
    log('warn', 'rate_limit.shared_unavailable', { scope, error: describeError(error) });
    return memory.hit(key, limit, now);
  }
}
