/**
 * Scores one response's security headers with the Mozilla HTTP Observatory rubric (httpobs
 * docs/scoring.md, as the MDN Observatory applies it): from 100, each test's modifier, bonuses only
 * from 90, A+ at 100 or more. HSTS preloading (+5) needs the browsers' list and is never awarded;
 * redirection to https is the TLS terminator's job (docs/deploying.md) and is not tested.
 */

type Modifier = { test: string; result: string; modifier: number; description: string };
export type Score = { score: number; grade: string; modifiers: Modifier[] };
export type ResponseToScore = { url: string; headers: Headers; body: string; contentType?: string };

const grades: Array<[number, string]> = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function grade(score: number): string {
  return grades.find(([min]) => score >= min)![1];
}

type Policy = Map<string, string[]>;

/** Parses a CSP header (several policies may be joined with ','); null when it cannot be parsed. */
export function parseCsp(header: string): Policy | null {
  const policy: Policy = new Map();
  for (const part of header.split(/[;,]/)) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    const [name, ...sources] = tokens;
    if (!/^[a-z-]+$/i.test(name!)) return null;
    const key = name!.toLowerCase();
    if (!policy.has(key))
      policy.set(
        key,
        sources.map((source) => source.toLowerCase()),
      );
  }
  return policy.size > 0 ? policy : null;
}

const broad = new Set(['*', 'http:', 'https:', 'data:', 'blob:', 'filesystem:']);

function cspTest(headers: Headers): Modifier {
  const test = 'content-security-policy';
  const header = headers.get('content-security-policy');
  if (!header)
    return {
      test,
      result: 'csp-not-implemented',
      modifier: -25,
      description: 'Content Security Policy (CSP) header not implemented',
    };
  const policy = parseCsp(header);
  if (!policy)
    return {
      test,
      result: 'csp-header-invalid',
      modifier: -25,
      description: 'Content Security Policy (CSP) header cannot be parsed successfully',
    };
  const effective = (name: string) => policy.get(name) ?? policy.get('default-src');
  const script = effective('script-src');
  const object = effective('object-src');
  const style = effective('style-src');
  const hashedOrNonced = (script ?? []).some((source) =>
    /^'(sha(256|384|512)-|nonce-)/.test(source),
  );
  const unsafeScript =
    !script ||
    !object ||
    script.some(
      (source) => (source === "'unsafe-inline'" && !hashedOrNonced) || broad.has(source),
    ) ||
    object.some((source) => broad.has(source));
  if (unsafeScript)
    return {
      test,
      result: 'csp-implemented-with-unsafe-inline',
      modifier: -20,
      description:
        "CSP allows 'unsafe-inline', data: or broad sources in script-src/object-src, or leaves them unrestricted",
    };
  const all = [...policy.values()].flat();
  const insecure = (sources: string[] | undefined) =>
    (sources ?? []).some(
      (source) => source === 'http:' || source.startsWith('http://') || source.startsWith('ws://'),
    );
  const activeDirectives = [
    'script-src',
    'object-src',
    'style-src',
    'connect-src',
    'frame-src',
    'worker-src',
    'font-src',
    'default-src',
  ];
  if (activeDirectives.some((name) => insecure(policy.get(name))))
    return {
      test,
      result: 'csp-implemented-with-insecure-scheme',
      modifier: -20,
      description: 'CSP allows resources to be loaded over http',
    };
  if (script!.includes("'unsafe-eval'"))
    return {
      test,
      result: 'csp-implemented-with-unsafe-eval',
      modifier: -10,
      description: "CSP allows 'unsafe-eval'",
    };
  if (insecure(policy.get('img-src')) || insecure(policy.get('media-src')))
    return {
      test,
      result: 'csp-implemented-with-insecure-scheme-in-passive-content-only',
      modifier: -10,
      description: 'CSP allows images or media over http',
    };
  if (
    (style ?? []).some((source) => source === "'unsafe-inline'" || broad.has(source)) ||
    all.includes("'unsafe-hashes'")
  )
    return {
      test,
      result: 'csp-implemented-with-unsafe-inline-in-style-src-only',
      modifier: 0,
      description: 'CSP has unsafe sources in style-src only',
    };
  const defaultNone = policy.get('default-src')?.join(' ') === "'none'";
  return defaultNone
    ? {
        test,
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        modifier: 10,
        description:
          "CSP implemented with default-src 'none' and without 'unsafe-inline' or 'unsafe-eval'",
      }
    : {
        test,
        result: 'csp-implemented-with-no-unsafe',
        modifier: 5,
        description: "CSP implemented without 'unsafe-inline' or 'unsafe-eval'",
      };
}

function cookiesTest(headers: Headers): Modifier {
  const test = 'cookies';
  const cookies = headers.getSetCookie();
  if (cookies.length === 0)
    return { test, result: 'cookies-not-found', modifier: 0, description: 'No cookies detected' };
  const flags = cookies.map((cookie) => cookie.toLowerCase());
  if (flags.some((cookie) => !/;\s*secure/.test(cookie)))
    return {
      test,
      result: 'cookies-without-secure-flag',
      modifier: -20,
      description: 'Cookies set without using the Secure flag',
    };
  if (flags.some((cookie) => !/;\s*httponly/.test(cookie)))
    return {
      test,
      result: 'cookies-session-without-httponly-flag',
      modifier: -30,
      description: 'Cookie set without the HttpOnly flag',
    };
  if (flags.every((cookie) => /;\s*samesite=(strict|lax)/.test(cookie)))
    return {
      test,
      result: 'cookies-secure-with-httponly-sessions-and-samesite',
      modifier: 5,
      description: 'Cookies Secure, HttpOnly and SameSite',
    };
  return {
    test,
    result: 'cookies-secure-with-httponly-sessions',
    modifier: 0,
    description: 'Cookies Secure and HttpOnly',
  };
}

function corsTest(headers: Headers, reflectedForForeignOrigin: boolean): Modifier {
  const test = 'cross-origin-resource-sharing';
  const origin = headers.get('access-control-allow-origin');
  if (reflectedForForeignOrigin)
    return {
      test,
      result: 'cross-origin-resource-sharing-implemented-with-universal-access',
      modifier: -50,
      description: 'Any origin may read responses with credentials',
    };
  if (!origin)
    return {
      test,
      result: 'cross-origin-resource-sharing-not-implemented',
      modifier: 0,
      description: 'Content is not visible via CORS',
    };
  return origin.trim() === '*'
    ? {
        test,
        result: 'cross-origin-resource-sharing-implemented-with-public-access',
        modifier: 0,
        description: 'Public content is visible via CORS',
      }
    : {
        test,
        result: 'cross-origin-resource-sharing-implemented-with-restricted-access',
        modifier: 0,
        description: 'CORS restricted to specific origins',
      };
}

function referrerTest(headers: Headers): Modifier {
  const test = 'referrer-policy';
  const header = headers.get('referrer-policy');
  if (!header)
    return {
      test,
      result: 'referrer-policy-not-implemented',
      modifier: 0,
      description: 'Referrer-Policy header not implemented',
    };
  const known = [
    'no-referrer',
    'same-origin',
    'strict-origin',
    'strict-origin-when-cross-origin',
    'no-referrer-when-downgrade',
    'origin',
    'origin-when-cross-origin',
    'unsafe-url',
  ];
  // Browsers use the last value they understand.
  const value = header
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => known.includes(part))
    .at(-1);
  if (!value)
    return {
      test,
      result: 'referrer-policy-header-invalid',
      modifier: -5,
      description: 'Referrer-Policy header cannot be recognized',
    };
  if (
    ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      value,
    )
  )
    return {
      test,
      result: 'referrer-policy-private',
      modifier: 5,
      description: `Referrer-Policy set to ${value}`,
    };
  if (value === 'no-referrer-when-downgrade')
    return {
      test,
      result: 'referrer-policy-no-referrer-when-downgrade',
      modifier: 0,
      description: 'Referrer-Policy no-referrer-when-downgrade',
    };
  return {
    test,
    result: 'referrer-policy-unsafe',
    modifier: -5,
    description: `Referrer-Policy unsafely set to ${value}`,
  };
}

function hstsTest(headers: Headers): Modifier {
  const test = 'strict-transport-security';
  const header = headers.get('strict-transport-security');
  if (!header)
    return {
      test,
      result: 'hsts-not-implemented',
      modifier: -20,
      description: 'HSTS header not implemented',
    };
  const maxAge = /max-age\s*=\s*"?(\d+)"?/i.exec(header);
  if (!maxAge)
    return {
      test,
      result: 'hsts-header-invalid',
      modifier: -20,
      description: 'HSTS header cannot be recognized',
    };
  return Number(maxAge[1]) >= 15_768_000
    ? {
        test,
        result: 'hsts-implemented-max-age-at-least-six-months',
        modifier: 0,
        description: `HSTS max-age ${maxAge[1]} (at least six months)`,
      }
    : {
        test,
        result: 'hsts-implemented-max-age-less-than-six-months',
        modifier: -10,
        description: `HSTS max-age ${maxAge[1]} (under six months)`,
      };
}

const registrable = (host: string) => host.split('.').slice(-2).join('.');

function sriTest(url: string, body: string, contentType: string): Modifier {
  const test = 'subresource-integrity';
  if (!contentType.includes('text/html'))
    return {
      test,
      result: 'sri-not-implemented-response-not-html',
      modifier: 0,
      description: 'SRI is only needed for HTML resources',
    };
  const page = new URL(url);
  const scripts = [...body.matchAll(/<script\b([^>]*)>/gi)]
    .map(([, attributes = '']) => ({
      src: /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1],
      integrity: /\bintegrity\s*=/i.test(attributes),
    }))
    .filter((script): script is { src: string; integrity: boolean } => Boolean(script.src));
  if (scripts.length === 0)
    return {
      test,
      result: 'sri-not-implemented-but-no-scripts-loaded',
      modifier: 0,
      description: 'No script tags',
    };
  const resolved = scripts.map((script) => ({ ...script, url: new URL(script.src, page) }));
  const similar = (target: URL) => registrable(target.hostname) === registrable(page.hostname);
  const external = resolved.filter((script) => !similar(script.url));
  const allHaveIntegrity = resolved.every((script) => script.integrity);
  if (external.length === 0)
    return allHaveIntegrity
      ? {
          test,
          result: 'sri-implemented-and-all-scripts-loaded-securely',
          modifier: 5,
          description: 'SRI implemented and all scripts loaded from a similar origin',
        }
      : {
          test,
          result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
          modifier: 0,
          description: 'All scripts are loaded from a similar origin',
        };
  const insecure = external.some((script) => script.url.protocol !== 'https:');
  const externalIntegrity = external.every((script) => script.integrity);
  if (externalIntegrity)
    return insecure
      ? {
          test,
          result: 'sri-implemented-but-external-scripts-not-loaded-securely',
          modifier: -20,
          description: 'SRI implemented, but external scripts are loaded over http',
        }
      : {
          test,
          result: 'sri-implemented-and-external-scripts-loaded-securely',
          modifier: 5,
          description: 'SRI implemented and all scripts loaded securely',
        };
  return insecure
    ? {
        test,
        result: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
        modifier: -50,
        description: 'No SRI and external scripts over http',
      }
    : {
        test,
        result: 'sri-not-implemented-but-external-scripts-loaded-securely',
        modifier: -5,
        description: 'No SRI, external scripts over https',
      };
}

function nosniffTest(headers: Headers): Modifier {
  const test = 'x-content-type-options';
  const header = headers.get('x-content-type-options');
  if (!header)
    return {
      test,
      result: 'x-content-type-options-not-implemented',
      modifier: -5,
      description: 'X-Content-Type-Options not implemented',
    };
  return header.trim().toLowerCase() === 'nosniff'
    ? {
        test,
        result: 'x-content-type-options-nosniff',
        modifier: 0,
        description: 'X-Content-Type-Options set to nosniff',
      }
    : {
        test,
        result: 'x-content-type-options-header-invalid',
        modifier: -5,
        description: 'X-Content-Type-Options cannot be recognized',
      };
}

function framingTest(headers: Headers): Modifier {
  const test = 'x-frame-options';
  const csp = parseCsp(headers.get('content-security-policy') ?? '');
  const ancestors = csp?.get('frame-ancestors');
  if (ancestors && !ancestors.some((source) => broad.has(source)))
    return {
      test,
      result: 'x-frame-options-implemented-via-csp',
      modifier: 5,
      description: 'Framing restricted via CSP frame-ancestors',
    };
  const header = headers.get('x-frame-options')?.trim().toUpperCase();
  if (!header)
    return {
      test,
      result: 'x-frame-options-not-implemented',
      modifier: -20,
      description: 'X-Frame-Options not implemented',
    };
  if (header === 'DENY' || header === 'SAMEORIGIN')
    return {
      test,
      result: 'x-frame-options-sameorigin-or-deny',
      modifier: 0,
      description: `X-Frame-Options ${header}`,
    };
  if (header.startsWith('ALLOW-FROM'))
    return {
      test,
      result: 'x-frame-options-allow-from-origin',
      modifier: 0,
      description: 'X-Frame-Options ALLOW-FROM',
    };
  return {
    test,
    result: 'x-frame-options-header-invalid',
    modifier: -20,
    description: 'X-Frame-Options cannot be recognized',
  };
}

function corpTest(headers: Headers): Modifier {
  const test = 'cross-origin-resource-policy';
  const header = headers.get('cross-origin-resource-policy')?.trim().toLowerCase();
  if (!header)
    return {
      test,
      result: 'corp-not-implemented',
      modifier: 0,
      description: 'Cross-Origin-Resource-Policy not implemented',
    };
  return ['same-site', 'same-origin', 'cross-origin'].includes(header)
    ? {
        test,
        result: `corp-implemented-with-${header}`,
        modifier: 0,
        description: `Cross-Origin-Resource-Policy ${header}`,
      }
    : {
        test,
        result: 'corp-header-invalid',
        modifier: -5,
        description: 'Cross-Origin-Resource-Policy cannot be recognized',
      };
}

const redirection: Modifier = {
  test: 'redirection',
  result: 'redirection-not-tested',
  modifier: 0,
  description:
    'http -> https redirection is done by the TLS terminator in front of the app (docs/deploying.md); not tested on loopback http',
};

/**
 * `reflectedForForeignOrigin`: a request with Origin: https://observatory.invalid got that origin
 * back with credentials allowed.
 */
export function scoreResponse(
  response: ResponseToScore,
  { reflectedForForeignOrigin = false } = {},
): Score {
  const contentType = response.contentType ?? response.headers.get('content-type') ?? '';
  const modifiers = [
    cspTest(response.headers),
    cookiesTest(response.headers),
    corsTest(response.headers, reflectedForForeignOrigin),
    redirection,
    referrerTest(response.headers),
    hstsTest(response.headers),
    sriTest(response.url, response.body, contentType),
    nosniffTest(response.headers),
    framingTest(response.headers),
    corpTest(response.headers),
  ];
  const penalties = modifiers.filter((m) => m.modifier < 0).reduce((sum, m) => sum + m.modifier, 0);
  const bonuses = modifiers.filter((m) => m.modifier > 0).reduce((sum, m) => sum + m.modifier, 0);
  const base = Math.max(0, 100 + penalties);
  const score = base >= 90 ? base + bonuses : base;
  return { score, grade: grade(score), modifiers };
}
