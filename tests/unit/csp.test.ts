import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, hashSource, nonDocumentPolicy, voiceHosts } from '@/server/security/csp';
import { inlineScriptHashes, inlineStyleHashes } from '@/server/security/inline-hashes';
import { parseCsp, scoreResponse } from '../../scripts/lib/observatory';

const base = { scriptHashes: ["'sha256-abc='"], styleHashes: ["'sha256-css='"], appOrigin: 'https://app.example.test', tagManager: false, voiceHosts };

describe('contentSecurityPolicy', () => {
  it('denies by default and allows exactly what the site uses', () => {
    const policy = parseCsp(contentSecurityPolicy(base))!;
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-css='"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://*.livekit.cloud', 'https://*.livekit.cloud']);
    expect(policy.get('frame-src')).toEqual(['https://app.example.test']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("never allows 'unsafe-inline' or 'unsafe-eval'", () => {
    for (const tagManager of [false, true]) {
      const policy = contentSecurityPolicy({ ...base, tagManager });
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('allows the tag manager and its analytics hosts only when one is configured', () => {
    expect(contentSecurityPolicy(base)).not.toContain('googletagmanager');
    const policy = parseCsp(contentSecurityPolicy({ ...base, tagManager: true }))!;
    expect(policy.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(policy.get('connect-src')).toContain('https://*.google-analytics.com');
  });

  it('grades A+ (default-src none, framing via CSP) with the other headers the site sends', () => {
    const headers = new Headers({
      'content-security-policy': contentSecurityPolicy(base),
      'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-site',
      'content-type': 'text/html',
    });
    const score = scoreResponse({ url: 'https://www.example.test/', headers, body: '<script src="/_next/static/a.js"></script>' });
    expect(score.score).toBe(120);
    expect(score.grade).toBe('A+');
    expect(
      scoreResponse({
        url: 'https://www.example.test/api',
        headers: new Headers({ ...Object.fromEntries(headers), 'content-security-policy': nonDocumentPolicy }),
        body: '{}',
      }).score,
    ).toBe(120);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the exact text of every inline script the browser would run', () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script><script async="" id="_R_">b()</script><script type="module">c()</script>`;
    const expected = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected('a()'), expected('b()'), expected('c()')]);
    expect(hashSource('a()')).toBe(expected('a()'));
  });

  it('lists a repeated script once', () => {
    expect(inlineScriptHashes('<script>x</script><script>x</script>')).toHaveLength(1);
  });
});

describe('inlineStyleHashes', () => {
  const expected = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('hashes the exact text of every style element, once each', () => {
    const html = '<head><style data-href="/_next/static/chunks/a.css">.a{color:red}</style><style>.b{}</style><style>.b{}</style></head>';
    expect(inlineStyleHashes(html)).toEqual([expected('.a{color:red}'), expected('.b{}')]);
  });

  it('ignores "<style>" written inside scripts (the RSC payload), which the browser never applies', () => {
    expect(inlineStyleHashes('<script>self.__next_f.push([1,"<style>.x{}</style>"])</script>')).toEqual([]);
  });
});
