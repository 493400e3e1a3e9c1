import { describe, expect, it } from 'vitest';
import { grade, scoreResponse } from '../../scripts/lib/observatory';

const good = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-type': 'application/json',
};
const score = (headers: Record<string, string>, body = '', url = 'https://site.test/') =>
  scoreResponse({ url, headers: new Headers(headers), body });
const result = (headers: Record<string, string>, test: string, body = '') =>
  score(headers, body).modifiers.find((m) => m.test === test)!;

describe('Observatory scoring', () => {
  it('grades on the published chart', () => {
    expect([grade(135), grade(100), grade(99), grade(85), grade(0)]).toEqual([
      'A+',
      'A+',
      'A',
      'A-',
      'F',
    ]);
  });

  it('starts at 100 and awards bonuses only from 90 up', () => {
    expect(score(good).score).toBe(120);
    // No HSTS (-20) takes the base to 80, below 90, so the +20 of bonuses do not count.
    const { ['strict-transport-security']: _hsts, ...noHsts } = good;
    expect(score(noHsts).score).toBe(80);
  });

  it('penalises a missing or unsafe Content-Security-Policy', () => {
    const { ['content-security-policy']: _csp, ...noCsp } = good;
    expect(result(noCsp, 'content-security-policy').modifier).toBe(-25);
    expect(
      result(
        {
          ...good,
          'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'",
        },
        'content-security-policy',
      ).modifier,
    ).toBe(-20);
    expect(
      result(
        { ...good, 'content-security-policy': "default-src 'self' 'unsafe-eval'" },
        'content-security-policy',
      ).modifier,
    ).toBe(-10);
    expect(
      result(
        { ...good, 'content-security-policy': "default-src 'self'; script-src https:" },
        'content-security-policy',
      ).modifier,
    ).toBe(-20);
    expect(
      result(
        { ...good, 'content-security-policy': "frame-ancestors 'none'" },
        'content-security-policy',
      ).modifier,
    ).toBe(-20);
    expect(
      result(
        {
          ...good,
          'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'",
        },
        'content-security-policy',
      ).modifier,
    ).toBe(0);
    expect(
      result(
        { ...good, 'content-security-policy': "default-src 'self'" },
        'content-security-policy',
      ).modifier,
    ).toBe(5);
    // A hash next to 'unsafe-inline' makes browsers ignore 'unsafe-inline'.
    expect(
      result(
        {
          ...good,
          'content-security-policy':
            "default-src 'none'; script-src 'self' 'unsafe-inline' 'sha256-x='; object-src 'none'",
        },
        'content-security-policy',
      ).modifier,
    ).toBe(10);
  });

  it('scores HSTS, referrer, nosniff, framing and CORP as the chart says', () => {
    expect(
      result({ ...good, 'strict-transport-security': 'max-age=86400' }, 'strict-transport-security')
        .modifier,
    ).toBe(-10);
    expect(result({ ...good, 'referrer-policy': 'unsafe-url' }, 'referrer-policy').modifier).toBe(
      -5,
    );
    expect(
      result({ ...good, 'referrer-policy': 'no-referrer-when-downgrade' }, 'referrer-policy')
        .modifier,
    ).toBe(0);
    const { ['x-content-type-options']: _n, ...noNosniff } = good;
    expect(result(noNosniff, 'x-content-type-options').modifier).toBe(-5);
    expect(
      result({ ...good, 'content-security-policy': "default-src 'none'" }, 'x-frame-options')
        .modifier,
    ).toBe(-20);
    expect(
      result(
        { ...good, 'content-security-policy': "default-src 'none'", 'x-frame-options': 'DENY' },
        'x-frame-options',
      ).modifier,
    ).toBe(0);
    expect(
      result({ ...good, 'cross-origin-resource-policy': 'bogus' }, 'cross-origin-resource-policy')
        .modifier,
    ).toBe(-5);
  });

  it('checks cookies and CORS', () => {
    expect(result({ ...good, 'set-cookie': 'a=1; Path=/' }, 'cookies').modifier).toBe(-20);
    expect(
      result({ ...good, 'set-cookie': 'a=1; Secure; HttpOnly; SameSite=Lax' }, 'cookies').modifier,
    ).toBe(5);
    expect(
      scoreResponse(
        { url: 'https://s.test/', headers: new Headers(good), body: '' },
        { reflectedForForeignOrigin: true },
      ).modifiers.find((m) => m.test === 'cross-origin-resource-sharing')!.modifier,
    ).toBe(-50);
  });

  it('checks Subresource Integrity of HTML pages', () => {
    const html = { ...good, 'content-type': 'text/html; charset=utf-8' };
    expect(result(html, 'subresource-integrity', '<script src="/a.js"></script>').result).toBe(
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
    expect(
      result(html, 'subresource-integrity', '<script src="https://cdn.other.test/a.js"></script>')
        .modifier,
    ).toBe(-5);
    expect(
      result(html, 'subresource-integrity', '<script src="http://cdn.other.test/a.js"></script>')
        .modifier,
    ).toBe(-50);
    expect(
      result(
        html,
        'subresource-integrity',
        '<script src="https://cdn.other.test/a.js" integrity="sha384-x"></script>',
      ).modifier,
    ).toBe(5);
  });
});
