import { afterEach, describe, expect, it } from 'vitest';
import { track } from '@/lib/analytics';

describe('track', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('creates the data layer when missing and pushes the event', () => {
    (globalThis as { window?: unknown }).window = {};
    track({ event: 'cta_click', cta_id: 'global_bar_try_app' });
    expect((globalThis as unknown as { window: Window }).window.dataLayer).toEqual([
      { event: 'cta_click', cta_id: 'global_bar_try_app' },
    ]);
  });

  it('appends to an existing data layer', () => {
    const existing = [{ event: 'gtm.js' }];
    (globalThis as { window?: unknown }).window = { dataLayer: existing };
    track({ event: 'cta_click', cta_id: 'hero_try_app' });
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'cta_click', cta_id: 'hero_try_app' }]);
  });

  it('does nothing on the server', () => {
    expect(() => track({ event: 'cta_click', cta_id: 'hero_try_app' })).not.toThrow();
  });
});
