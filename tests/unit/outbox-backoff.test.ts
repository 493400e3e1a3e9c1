import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS } from '@/env';
import { JITTER, maxAttempts, retryDelayMs } from '@/server/outbox/backoff';

const middle = () => 0.5;

describe('retryDelayMs', () => {
  it('follows 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h by default', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(attempts, DEFAULT_RETRY_SCHEDULE_MS, middle));
    expect(delays).toEqual([10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000]);
  });

  it('gives up after the last scheduled retry', () => {
    expect(retryDelayMs(9, DEFAULT_RETRY_SCHEDULE_MS, middle)).toBeNull();
    expect(maxAttempts(DEFAULT_RETRY_SCHEDULE_MS)).toBe(9);
  });

  it('spreads each delay by at most 20% either way', () => {
    expect(JITTER).toBe(0.2);
    expect(retryDelayMs(1, DEFAULT_RETRY_SCHEDULE_MS, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, DEFAULT_RETRY_SCHEDULE_MS, () => 1)).toBe(12_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayMs(2, DEFAULT_RETRY_SCHEDULE_MS)!;
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
