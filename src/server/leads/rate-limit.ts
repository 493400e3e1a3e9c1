import 'server-only';

/**
 * Fixed one-minute windows per key (form + client address), in this process's
 * memory: cheap, and enough to stop one address hammering a form. With several
 * instances each counts on its own (the effective limit is per instance).
 * limit 0 disables it.
 */
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
const MAX_KEYS = 50_000;

export function createRateLimiter(limit: number, windowMs = WINDOW_MS) {
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
    check(key: string, now = Date.now()): RateLimitResult {
      if (limit <= 0) return { allowed: true };
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        if (!window && windows.size >= MAX_KEYS) prune(now);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    },
  };
}
