import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_DISMISS_MS, ANNOUNCEMENT_STORAGE_KEY, announcementPrePaintScript } from '@/lib/announcement';

const NOW = 1_800_000_000_000;

/** Runs the real pre-paint script against a stand-in document and storage. */
function run(stored: string | null | (() => never)) {
  const dataset: Record<string, string> = {};
  runInNewContext(announcementPrePaintScript, {
    Date: { now: () => NOW },
    Number,
    localStorage: {
      getItem: (key: string) => {
        expect(key).toBe(ANNOUNCEMENT_STORAGE_KEY);
        return typeof stored === 'function' ? stored() : stored;
      },
    },
    document: { documentElement: { dataset } },
  });
  return dataset.announcement;
}

describe('announcement pre-paint script', () => {
  it('uses the SPEC storage key and a 7-day window', () => {
    expect(ANNOUNCEMENT_STORAGE_KEY).toBe('announcement_dismissed_at');
    expect(ANNOUNCEMENT_DISMISS_MS).toBe(604_800_000);
  });

  it('hides the bar dismissed a moment ago', () => {
    expect(run(String(NOW - 1000))).toBe('dismissed');
  });

  it('hides the bar until just before 7 days have passed', () => {
    expect(run(String(NOW - ANNOUNCEMENT_DISMISS_MS + 1))).toBe('dismissed');
  });

  it('shows the bar again after 7 days', () => {
    expect(run(String(NOW - ANNOUNCEMENT_DISMISS_MS))).toBeUndefined();
  });

  it.each([[null], [''], ['garbage'], ['-5']])('shows the bar when the stored value is %j', (value) => {
    expect(run(value)).toBeUndefined();
  });

  it('shows the bar when storage throws (blocked or private mode)', () => {
    expect(
      run(() => {
        throw new Error('SecurityError');
      }),
    ).toBeUndefined();
  });
});
