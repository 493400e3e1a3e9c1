import { describe, expect, it } from 'vitest';
import { clientAddress, hashAddress } from '@/server/leads/client-address';
import { parseAttribution, wantsHtmlRedirect } from '@/server/leads/intake';
import { createRateLimiter } from '@/server/leads/rate-limit';

const headers = (init: Record<string, string>) => new Headers(init);
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('wantsHtmlRedirect', () => {
  it('is true for a browser form post without JavaScript', () => {
    expect(wantsHtmlRedirect(headers({ 'content-type': 'application/x-www-form-urlencoded', accept: browserAccept }))).toBe(true);
    expect(wantsHtmlRedirect(headers({ 'content-type': 'multipart/form-data; boundary=x', accept: browserAccept }))).toBe(true);
  });

  it('is false for fetch() defaults, JSON clients and JSON bodies', () => {
    expect(wantsHtmlRedirect(headers({ 'content-type': 'application/x-www-form-urlencoded', accept: '*/*' }))).toBe(false);
    expect(wantsHtmlRedirect(headers({ 'content-type': 'application/x-www-form-urlencoded' }))).toBe(false);
    expect(wantsHtmlRedirect(headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json, text/html;q=0.5' }))).toBe(false);
    expect(wantsHtmlRedirect(headers({ 'content-type': 'application/json', accept: browserAccept }))).toBe(false);
  });
});

describe('parseAttribution', () => {
  it('keeps valid values, drops bad ones instead of refusing the lead', () => {
    const attribution = parseAttribution(
      { page_url: 'https://a.example/x', time_on_page: '12', scroll_depth: 250, utm_source: 'x'.repeat(500), timezone: 5, language: 'en-US', firstName: 'A' },
      headers({}),
    );
    expect(attribution).toEqual({ page_url: 'https://a.example/x', time_on_page: 12, language: 'en-US' });
  });

  it('falls back to the Referer and User-Agent headers for a plain form post', () => {
    expect(parseAttribution({}, headers({ referer: 'https://a.example/contact-us', 'user-agent': 'UA' }))).toEqual({
      page_url: 'https://a.example/contact-us',
      user_agent: 'UA',
    });
  });
});

describe('clientAddress', () => {
  it('uses the first X-Forwarded-For hop behind a trusted proxy', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }), true)).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'x-real-ip': '198.51.100.2' }), true)).toBe('198.51.100.2');
  });

  it('uses X-Real-IP, else the last X-Forwarded-For entry, without a trusted proxy', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }), false)).toBe('10.0.0.1');
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '198.51.100.2' }), false)).toBe('198.51.100.2');
    expect(clientAddress(headers({}), false)).toBe('unknown');
  });

  it('hashes addresses with the salt, never returning the address', () => {
    const hash = hashAddress('203.0.113.7', 'salt-1');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).not.toContain('203');
    expect(hashAddress('203.0.113.7', 'salt-2')).not.toBe(hash);
  });
});

describe('createRateLimiter', () => {
  it('allows the limit per key per minute, then answers with the seconds left', () => {
    const limiter = createRateLimiter(3);
    const t = 1_000_000;
    expect([1, 2, 3].map(() => limiter.check('a', t).allowed)).toEqual([true, true, true]);
    expect(limiter.check('a', t + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.check('b', t + 15_000).allowed).toBe(true);
    expect(limiter.check('a', t + 60_000).allowed).toBe(true);
  });

  it('is off at 0', () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 100; i += 1) expect(limiter.check('a').allowed).toBe(true);
  });
});
