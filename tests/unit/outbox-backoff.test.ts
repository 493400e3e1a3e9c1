import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS } from '@/env';
import {
  JITTER,
  MAX_RETRY_AFTER_MS,
  maxAttempts,
  retryAfterMs,
  retryDelayMs,
} from '@/server/outbox/backoff';

const middle = () => 0.5;

describe('retryDelayMs', () => {
  it('follows 10 s, 30 s, 1, 2, 5, 10, 15, 30 min, 30 min, 1 h x2, 2 h x2, 4 h x2, 6 h x2, 12 h x2, 24 h by default', () => {
    const delays = Array.from(
      { length: 20 },
      (_, i) => retryDelayMs(i + 1, DEFAULT_RETRY_SCHEDULE_MS, middle)! / 1000,
    );
    const [m, h] = [60, 3600];
    expect(delays).toEqual([
      10,
      30,
      m,
      2 * m,
      5 * m,
      10 * m,
      15 * m,
      30 * m,
      30 * m,
      h,
      h,
      2 * h,
      2 * h,
      4 * h,
      4 * h,
      6 * h,
      6 * h,
      12 * h,
      12 * h,
      24 * h,
    ]);
  });

  it('gives up after the last scheduled retry, three days after the first attempt', () => {
    expect(retryDelayMs(21, DEFAULT_RETRY_SCHEDULE_MS, middle)).toBeNull();
    expect(maxAttempts(DEFAULT_RETRY_SCHEDULE_MS)).toBe(21);
    expect(
      DEFAULT_RETRY_SCHEDULE_MS.reduce((sum, wait) => sum + wait, 0) / 3_600_000,
    ).toBeGreaterThan(72);
  });

  it('tries 8 times in the first hour, and after it never waits longer than two thirds of the time already waited', () => {
    let waited = 0;
    let inFirstHour = 1;
    for (const wait of DEFAULT_RETRY_SCHEDULE_MS) {
      if (waited >= 3_600_000) expect(wait / waited).toBeLessThanOrEqual(2 / 3);
      waited += wait;
      if (waited <= 3_600_000) inFirstHour += 1;
    }
    expect(inFirstHour).toBe(8);
  });

  it('spreads each delay by at most 20% either way', () => {
    expect(JITTER).toBe(0.2);
    expect(retryDelayMs(1, DEFAULT_RETRY_SCHEDULE_MS, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, DEFAULT_RETRY_SCHEDULE_MS, () => 1)).toBe(12_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayMs(3, DEFAULT_RETRY_SCHEDULE_MS)!;
      expect(delay).toBeGreaterThanOrEqual(48_000);
      expect(delay).toBeLessThanOrEqual(72_000);
    }
  });

  it('accepts an injected schedule (tests use milliseconds)', () => {
    expect(retryDelayMs(1, [50, 100], middle)).toBe(50);
    expect(retryDelayMs(2, [50, 100], middle)).toBe(100);
    expect(retryDelayMs(3, [50, 100], middle)).toBeNull();
    expect(retryDelayMs(1, [], middle)).toBeNull();
    expect(retryDelayMs(0, [50], middle)).toBeNull();
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-03-04T05:06:07Z');
  it("reads a 429's or 503's Retry-After in seconds or as a date, up to an hour", () => {
    expect(retryAfterMs(429, '30', now)).toBe(30_000);
    expect(retryAfterMs(503, ' 2 ', now)).toBe(2_000);
    expect(retryAfterMs(429, 'Wed, 04 Mar 2026 05:07:07 GMT', now)).toBe(60_000);
    expect(retryAfterMs(429, '86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(3_600_000);
  });

  it('is null for other statuses, nothing to wait, or what cannot be read', () => {
    expect(retryAfterMs(500, '30', now)).toBeNull();
    expect(retryAfterMs(429, null, now)).toBeNull();
    expect(retryAfterMs(429, '0', now)).toBeNull();
    expect(retryAfterMs(429, '-5', now)).toBeNull();
    expect(retryAfterMs(429, 'soon', now)).toBeNull();
    expect(retryAfterMs(429, '1.5', now)).toBeNull();
    expect(retryAfterMs(429, 'Wed, 04 Mar 2026 05:00:00 GMT', now)).toBeNull(); // already past
  });
});
