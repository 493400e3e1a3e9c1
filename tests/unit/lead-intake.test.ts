import { describe, expect, it } from 'vitest';
import { hashAddress } from '@/server/http/client-address';
import { wantsHtmlRedirect } from '@/server/http/body';
import { parseAttribution } from '@/server/leads/intake';
import { checkRateLimit, createMemoryWindows } from '@/server/http/rate-limit';
import { isSameOrigin } from '@/server/http/same-origin';

const headers = (init: Record<string, string>) => new Headers(init);
const browserAccept =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('wantsHtmlRedirect', () => {
  it('is true for a browser form post without JavaScript', () => {
    expect(
      wantsHtmlRedirect(
        headers({ 'content-type': 'application/x-www-form-urlencoded', accept: browserAccept }),
      ),
    ).toBe(true);
    expect(
      wantsHtmlRedirect(
        headers({ 'content-type': 'multipart/form-data; boundary=x', accept: browserAccept }),
      ),
    ).toBe(true);
  });

  it('is false for fetch() defaults, JSON clients and JSON bodies', () => {
    expect(
      wantsHtmlRedirect(
        headers({ 'content-type': 'application/x-www-form-urlencoded', accept: '*/*' }),
      ),
    ).toBe(false);
    expect(
      wantsHtmlRedirect(headers({ 'content-type': 'application/x-www-form-urlencoded' })),
    ).toBe(false);
    expect(
      wantsHtmlRedirect(
        headers({
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json, text/html;q=0.5',
        }),
      ),
    ).toBe(false);
    expect(
      wantsHtmlRedirect(headers({ 'content-type': 'application/json', accept: browserAccept })),
    ).toBe(false);
  });
});

describe('parseAttribution', () => {
  it('keeps valid values, drops bad ones instead of refusing the lead', () => {
    const attribution = parseAttribution(
      {
        page_url: 'https://a.example/x',
        time_on_page: '12',
        scroll_depth: 250,
        utm_source: 'x'.repeat(500),
        timezone: 5,
        language: 'en-US',
        firstName: 'A',
      },
      headers({}),
    );
    expect(attribution).toEqual({
      page_url: 'https://a.example/x',
      time_on_page: 12,
      language: 'en-US',
    });
  });

  it('keeps only whole numbers in range for the numeric fields', () => {
    const keep = (value: unknown) =>
      parseAttribution({ scroll_depth: value }, headers({})).scroll_depth;
    expect([0, 100, '75', ' 40 '].map(keep)).toEqual([0, 100, 75, 40]);
    expect([-1, 101, 12.5, '', 'abc', null, true, Number.NaN, Infinity].map(keep)).toEqual(
      Array(9).fill(undefined),
    );
  });

  it('falls back to the Referer and User-Agent headers for a plain form post', () => {
    expect(
      parseAttribution(
        {},
        headers({ referer: 'https://a.example/contact-us', 'user-agent': 'UA' }),
      ),
    ).toEqual({
      page_url: 'https://a.example/contact-us',
      user_agent: 'UA',
    });
  });
});

describe('hashAddress', () => {
  it('hashes addresses with the salt, never returning the address', () => {
    const hash = hashAddress('203.0.113.7', 'salt-1');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).not.toContain('203');
    expect(hashAddress('203.0.113.7', 'salt-2')).not.toBe(hash);
  });
});

describe('rate limit windows', () => {
  it('allows the limit per key per minute, then answers with the seconds left', () => {
    const windows = createMemoryWindows();
    const t = 1_000_000;
    expect([1, 2, 3].map(() => windows.hit('a', 3, t).allowed)).toEqual([true, true, true]);
    expect(windows.hit('a', 3, t + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(windows.hit('b', 3, t + 15_000).allowed).toBe(true);
    expect(windows.hit('a', 3, t + 60_000).allowed).toBe(true);
  });

  it('is off at 0', async () => {
    for (let i = 0; i < 100; i += 1)
      expect((await checkRateLimit('test', 'a', 0)).allowed).toBe(true);
  });

  it('keeps scopes apart for one address', async () => {
    const now = Date.now();
    expect((await checkRateLimit('scope-1', '192.0.2.1', 1, now)).allowed).toBe(true);
    expect((await checkRateLimit('scope-1', '192.0.2.1', 1, now)).allowed).toBe(false);
    expect((await checkRateLimit('scope-2', '192.0.2.1', 1, now)).allowed).toBe(true);
  });
});

describe('isSameOrigin', () => {
  const site = 'https://www.agency.test';
  it('lets requests without Origin through (curl, servers)', () => {
    expect(isSameOrigin(headers({}), site, false)).toBe(true);
  });

  it("accepts the site's own origin or the host the request was sent to", () => {
    expect(isSameOrigin(headers({ origin: 'https://www.agency.test' }), site, false)).toBe(true);
    expect(
      isSameOrigin(
        headers({ origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' }),
        site,
        false,
      ),
    ).toBe(true);
    expect(
      isSameOrigin(
        headers({
          origin: 'https://preview.agency.test',
          host: 'internal:3000',
          'x-forwarded-host': 'preview.agency.test',
        }),
        site,
        true,
      ),
    ).toBe(true);
  });

  it('refuses other sites, opaque origins and forwarded hosts from an untrusted proxy', () => {
    expect(
      isSameOrigin(
        headers({ origin: 'https://evil.example', host: 'www.agency.test' }),
        site,
        false,
      ),
    ).toBe(false);
    expect(isSameOrigin(headers({ origin: 'null', host: 'www.agency.test' }), site, false)).toBe(
      false,
    );
    expect(
      isSameOrigin(
        headers({
          origin: 'https://evil.example',
          host: 'internal:3000',
          'x-forwarded-host': 'evil.example',
        }),
        site,
        false,
      ),
    ).toBe(false);
  });
});
