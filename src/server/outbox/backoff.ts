import 'server-only';

/**
 * When to try a failed delivery again. `attempts` is how many attempts have
 * been made (the first one right after the lead was accepted). After attempt n
 * fails, the next waits schedule[n-1] (10 s, 30 s, 1 min ... 24 h, 20 waits over
 * 3 days by default: LEADS_RETRY_SCHEDULE_MS, src/env.ts), spread by +/-20% jitter so
 * many leads failing together do not retry in lockstep. null: give up (failed).
 */
export const JITTER = 0.2;

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

/** Attempts in total before a delivery is marked failed: the first plus one per scheduled retry. */
export function maxAttempts(schedule: readonly number[]): number {
  return schedule.length + 1;
}

/**
 * How long a claim on a delivery holds: the HTTP attempt is cut off at the
 * timeout, so twice that plus 5 s leaves ample time to record the result.
 * After it, a row whose worker died (or hangs) is claimed again by a sweep.
 */
export function claimLeaseMs(timeoutMs: number): number {
  return 2 * timeoutMs + 5_000;
}
