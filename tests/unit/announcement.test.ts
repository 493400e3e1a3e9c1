import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_DISMISS_MS,
  ANNOUNCEMENT_STORAGE_KEY,
  announcementDismissScript,
  announcementPrePaintScript,
} from '@/lib/announcement';

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
  it('uses the storage key and the 7-day window of docs/product.md section 3.1', () => {
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

  it.each([[null], [''], ['garbage'], ['-5']])(
    'shows the bar when the stored value is %j',
    (value) => {
      expect(run(value)).toBeUndefined();
    },
  );

  it('shows the bar when storage throws (blocked or private mode)', () => {
    expect(
      run(() => {
        throw new Error('SecurityError');
      }),
    ).toBeUndefined();
  });
});

/** Runs the real dismiss script on a stand-in document, clicks `target`; returns what changed. */
function click(
  target: { closest?: (selector: string) => unknown } | null,
  setItem: (key: string, value: string) => void = () => {},
) {
  let listener: ((event: { target: unknown }) => void) | undefined;
  const dataset: Record<string, string> = {};
  const focused: string[] = [];
  runInNewContext(announcementDismissScript, {
    Date: { now: () => NOW },
    String,
    localStorage: { setItem },
    document: {
      documentElement: { dataset },
      addEventListener: (type: string, handler: typeof listener) => {
        expect(type).toBe('click');
        listener = handler;
      },
      querySelector: (selector: string) =>
        selector === '[data-logo-link]' ? { focus: () => focused.push('logo') } : null,
    },
  });
  listener!({ target });
  return { state: dataset.announcement, focused };
}

const insideDismiss = {
  closest: (selector: string) => (selector === '[data-announcement-dismiss]' ? {} : null),
};

describe('announcement dismiss script', () => {
  it('stores the time, hides the bar and moves focus to the logo when the close button (or its icon) is clicked', () => {
    const stored: Array<[string, string]> = [];
    expect(click(insideDismiss, (key, value) => stored.push([key, value]))).toEqual({
      state: 'dismissed',
      focused: ['logo'],
    });
    expect(stored).toEqual([[ANNOUNCEMENT_STORAGE_KEY, String(NOW)]]);
  });

  it('ignores every other click', () => {
    const stored: string[] = [];
    expect(click({ closest: () => null }, (key) => stored.push(key))).toEqual({
      state: undefined,
      focused: [],
    });
    // A target that is not an element.
    expect(click({}, (key) => stored.push(key))).toEqual({ state: undefined, focused: [] });
    expect(stored).toEqual([]);
  });

  it('still hides the bar for this page view when storage throws', () => {
    expect(
      click(insideDismiss, () => {
        throw new Error('QuotaExceededError');
      }),
    ).toEqual({ state: 'dismissed', focused: ['logo'] });
  });
});
