import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  developmentPolicy,
  hashSource,
  nonDocumentPolicy,
  voiceHosts,
} from '@/server/security/csp';
import { parseCsp, scoreResponse } from '../../scripts/lib/observatory';

const base = {
  scriptHashes: ["'sha256-abc='"],
  styleHashes: ["'sha256-css='"],
  appOrigin: 'https://app.example.test',
  tagManager: false,
  voiceHosts,
};

describe('contentSecurityPolicy', () => {
  it('denies by default and allows exactly what the site uses', () => {
    const policy = parseCsp(contentSecurityPolicy(base))!;
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-css='"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'wss://*.livekit.cloud',
      'https://*.livekit.cloud',
    ]);
    expect(policy.get('frame-src')).toEqual(['https://app.example.test']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("never allows 'unsafe-inline' or 'unsafe-eval'", () => {
    for (const tagManager of [false, true]) {
      const policy = contentSecurityPolicy({ ...base, tagManager });
      expect(policy).not.toContain('unsafe-');
    }
  });

  it("hashes a script's exact text as CSP does", () => {
    expect(hashSource('a()')).toBe(
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
    );
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
    const score = scoreResponse({
      url: 'https://www.example.test/',
      headers,
      body: '<script src="/assets/a.js"></script>',
    });
    expect(score.score).toBe(120);
    expect(score.grade).toBe('A+');
    expect(
      scoreResponse({
        url: 'https://www.example.test/api',
        headers: new Headers({
          ...Object.fromEntries(headers),
          'content-security-policy': nonDocumentPolicy,
        }),
        body: '{}',
      }).score,
    ).toBe(120);
  });
});

describe('developmentPolicy', () => {
  it("lets next dev's inline scripts, eval and inline styles run, and keeps everything else as in production", () => {
    const policy = parseCsp(developmentPolicy(base))!;
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    const production = parseCsp(contentSecurityPolicy(base))!;
    for (const directive of production.keys()) {
      if (directive !== 'script-src' && directive !== 'style-src')
        expect(policy.get(directive), directive).toEqual(production.get(directive));
    }
  });
});
