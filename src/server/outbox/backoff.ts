import 'server-only';

/**
 * When to try a failed delivery again: after attempt n, schedule[n-1] (LEADS_RETRY_SCHEDULE_MS)
 * +/-20%, so leads failing together do not retry in lockstep; null when the schedule is spent.
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
 * How long a claim holds: the attempt is cut off at the timeout, so twice that plus 5 s leaves time
 * to record the result. After it, a sweep claims again a job whose worker died or hangs.
 */
export function claimLeaseMs(timeoutMs: number): number {
  return 2 * timeoutMs + 5_000;
}
