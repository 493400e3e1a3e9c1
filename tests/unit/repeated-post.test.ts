import { describe, expect, it } from 'vitest';
import { REPEAT_WINDOW_MS, onceWithin, repeatKey } from '@/server/leads/repeated-post';

describe('a plain form post repeated within the window', () => {
  it('is keyed by form, visitor and values, not by the values’ order', () => {
    const key = repeatKey('contact', 'visitor-a', { firstName: 'Ana', email: 'ana@example.com' });
    expect(repeatKey('contact', 'visitor-a', { email: 'ana@example.com', firstName: 'Ana' })).toBe(
      key,
    );
    expect(repeatKey('demo', 'visitor-a', { firstName: 'Ana', email: 'ana@example.com' })).not.toBe(
      key,
    );
    expect(
      repeatKey('contact', 'visitor-b', { firstName: 'Ana', email: 'ana@example.com' }),
    ).not.toBe(key);
    expect(
      repeatKey('contact', 'visitor-a', { firstName: 'Ann', email: 'ana@example.com' }),
    ).not.toBe(key);
  });

  it('gets the first one’s outcome, even while it is on its way, and stores nothing again', async () => {
    let stored = 0;
    let finish!: (id: string) => void;
    const store = () => {
      stored += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = onceWithin('k-flight', 1_000, store);
    const twin = onceWithin('k-flight', 1_050, store);
    finish('lead-1');
    expect(await Promise.all([first, twin])).toEqual(['lead-1', 'lead-1']);
    expect(await onceWithin('k-flight', 1_000 + REPEAT_WINDOW_MS - 1, store)).toBe('lead-1');
    expect(stored).toBe(1);
  });

  it('is stored again once the window has passed', async () => {
    let stored = 0;
    const store = async () => `lead-${++stored}`;
    expect(await onceWithin('k-window', 5_000, store)).toBe('lead-1');
    expect(await onceWithin('k-window', 5_000 + REPEAT_WINDOW_MS, store)).toBe('lead-2');
  });

  it('is stored by the next post when the first one failed', async () => {
    let calls = 0;
    const store = async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return 'lead-2';
    };
    await expect(onceWithin('k-failed', 9_000, store)).rejects.toThrow('database down');
    expect(await onceWithin('k-failed', 9_001, store)).toBe('lead-2');
  });
});
