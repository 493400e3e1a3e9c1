import 'server-only';

/** How far each scheduled wait is moved, either way, as a fraction of it. */
export const JITTER = 0.2;

/**
 * When to try a failed delivery again: after attempt n, schedule[n-1] (LEADS_RETRY_SCHEDULE_MS)
 * +/-20%, so leads failing together do not retry in lockstep; null when the schedule is spent.
 */
export function retryDelayMs(
  attempts: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): number | null {
  const base = schedule[attempts - 1];
  if (attempts < 1 || base === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random(), 0), 1);
  return Math.round(base * factor);
}

/** The longest wait a receiver's Retry-After holds the next attempt back; a longer one is cut to it. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

const HTTP_DATE = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * How long a receiver that answered 429 or 503 asked to be left alone (Retry-After: seconds, or an
 * HTTP date), at most MAX_RETRY_AFTER_MS; null without one, or with one that cannot be read.
 */
export function retryAfterMs(
  status: number,
  header: string | null,
  now: number = Date.now(),
): number | null {
  if ((status !== 429 && status !== 503) || !header) return null;
  const value = header.trim();
  const ms = /^\d{1,9}$/.test(value)
    ? Number(value) * 1000
    : HTTP_DATE.test(value)
      ? Date.parse(value) - now
      : NaN;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null;
}

/** The words an attempt's error adds for a receiver's Retry-After. */
export const askedToWait = (ms: number | null): string =>
  ms === null ? '' : `, asked to wait ${Math.ceil(ms / 1000)} s`;

/** Attempts in total before a delivery is marked failed: the first plus one per scheduled retry. */
export function maxAttempts(schedule: readonly number[]): number {
  return schedule.length + 1;
}

/**
 * How long a claim holds: an email's wait for a connection and its sending are each cut off at the
 * timeout, so three times that plus 5 s leaves time to record the result. After it, a sweep claims
 * again a job whose worker died or hangs.
 */
export function claimLeaseMs(timeoutMs: number): number {
  return 3 * timeoutMs + 5_000;
}
