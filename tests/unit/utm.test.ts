import { describe, expect, it } from 'vitest';
import { withUtm } from '@/lib/utm';

describe('withUtm', () => {
  it('adds source, medium and campaign', () => {
    expect(
      withUtm('https://app.example.com', {
        source: 'website',
        medium: 'announcement',
        campaign: 'global_bar',
      }),
    ).toBe(
      'https://app.example.com/?utm_source=website&utm_medium=announcement&utm_campaign=global_bar',
    );
  });

  it('keeps the URL’s own path and query and replaces stale utm values', () => {
    const url = new URL(
      withUtm('https://app.example.com/start?ref=x&utm_source=old', {
        source: 'website',
        medium: 'hero',
        campaign: 'services_showcase',
      }),
    );
    expect(url.pathname).toBe('/start');
    expect(url.searchParams.get('ref')).toBe('x');
    expect(url.searchParams.getAll('utm_source')).toEqual(['website']);
    expect(url.searchParams.get('utm_medium')).toBe('hero');
  });
});
