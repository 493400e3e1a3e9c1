import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedAddressHeaders, validBodies } from '../integration/support/helpers';
import { startVoiceProvider, type VoiceProvider } from '../integration/support/voice-provider';
import {
  BASE_PORT,
  killAll,
  rawRequest,
  spawnInstance,
  startInstance,
  type Instance,
} from './support/instance';

/**
 * The production server over real sockets (embedded database): requests the framework alone would
 * answer with a 500, bodies that stop arriving, forged address headers in each deployment shape,
 * and a graceful SIGTERM. Three instances: no trusted proxy, behind a proxy that appends to
 * X-Forwarded-For, behind a CDN that sets CF-Connecting-IP.
 */

const root = mkdtempSync(path.join(tmpdir(), 'production-server-'));
let provider: VoiceProvider;
let direct: Instance;
let behindProxy: Instance;
let behindCdn: Instance;

const limits = {
  LEADS_RATE_LIMIT_PER_MINUTE: '10',
  CHAT_RATE_LIMIT_PER_MINUTE: '20',
  VOICE_RATE_LIMIT_PER_MINUTE: '5',
  CHAT_WEBHOOK_URL: '',
};

beforeAll(async () => {
  provider = await startVoiceProvider();
  const env = (name: string, trustProxy: string) => ({
    ...limits,
    RETELL_BASE_URL: provider.url,
    LEADS_DATA_DIR: path.join(root, name),
    TRUST_PROXY: trustProxy,
  });
  [direct, behindProxy, behindCdn] = await Promise.all([
    startInstance(BASE_PORT + 11, env('direct', '')),
    startInstance(BASE_PORT + 12, env('proxy', '1')),
    startInstance(BASE_PORT + 13, env('cdn', 'cf-connecting-ip')),
  ]);
}, 400_000);

afterAll(async () => {
  killAll();
  await provider?.stop();
  rmSync(root, { recursive: true, force: true });
});

const host = (instance: Instance) => `Host: 127.0.0.1:${instance.port}`;

function parseJson(text: string): { error?: string } | null {
  try {
    return JSON.parse(text) as { error?: string };
  } catch {
    return null;
  }
}

function postLead(instance: Instance, headers: Record<string, string>, n: number) {
  return fetch(`http://127.0.0.1:${instance.port}/api/leads/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      ...validBodies.contact,
      email: `forged-${instance.port}-${n}-${Date.now()}@example.com`,
    }),
  }).then((response) => response.status);
}

/**
 * Request lines the framework alone answers with 500 (or nothing), and their kin. `node`: refused
 * by Node's own HTTP parser before any code runs (a bare 400, no body or headers).
 */
function frameworkCorpus(): Array<{ line: string; expect: number; node?: boolean }> {
  const cases: Array<{ line: string; expect: number; node?: boolean }> = [];
  const paths = [
    '/',
    '/contact-us',
    '/api/leads/contact',
    '/api/chat',
    '/api/voice/web-call',
    '/api/health',
    '/robots.txt',
    '/_next/static/x.js',
    '/nope',
  ];
  for (const method of ['TRACE', 'CONNECT'])
    for (const target of paths) cases.push({ line: `${method} ${target} HTTP/1.1`, expect: 405 });
  for (const target of paths)
    cases.push({ line: `TRACK ${target} HTTP/1.1`, expect: 400, node: true });
  for (const method of ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
    for (const target of ['*', 'http://evil.example/', 'https://127.0.0.1/api/leads/contact'])
      cases.push({ line: `${method} ${target} HTTP/1.1`, expect: 400 });
    cases.push({ line: `${method} api/leads/contact HTTP/1.1`, expect: 400, node: true });
  }
  const badPaths = [
    '/api/leads/%ff',
    '/api/leads/con%tact',
    '/api/leads/%E0%A4%A',
    '/api/leads/%c0%af',
    '/api/leads/%ed%a0%80',
    '/api/leads/%',
    '/api/leads/contact%',
    '/api/chat/%ff',
    '/api/voice/web-call%ff',
    '/api/%ff/leads',
    '/%ff',
    '/con%tact',
    '/_next/static/%ff',
    '/robots.txt%',
  ];
  // A page's (read by a visitor following a mangled link) is the next test's.
  const isPage = (target: string) => !/^\/(?:api|_next)\//.test(target);
  for (const method of ['POST', 'OPTIONS'])
    for (const target of badPaths)
      cases.push({ line: `${method} ${target} HTTP/1.1`, expect: 400 });
  for (const method of ['GET', 'HEAD'])
    for (const target of badPaths.filter((target) => !isPage(target)))
      cases.push({ line: `${method} ${target} HTTP/1.1`, expect: 400 });
  return cases;
}

describe('requests the framework alone would answer with 500', () => {
  it(
    'are answered 405 or 400 as JSON with the security headers, never 500, and leave no stack trace in the log',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const corpus = frameworkCorpus();
      for (const { line, expect: expected, node } of corpus) {
        const response = await rawRequest(
          direct.port,
          `${line}\r\n${host(direct)}\r\nContent-Length: 0\r\nConnection: close`,
          { timeoutMs: 10_000 },
        );
        const isHead = line.startsWith('HEAD ');
        const bare = node || line.startsWith('CONNECT ');
        const json = isHead || bare ? null : parseJson(response.body);
        const ok =
          response.status === expected &&
          (isHead || bare || typeof json?.error === 'string') &&
          (bare ||
            (response.headers['content-security-policy']?.startsWith("default-src 'none'") &&
              response.headers['x-content-type-options'] === 'nosniff'));
        if (!ok) failures.push(`${line} -> ${response.status} ${response.raw.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
      expect(corpus.length).toBeGreaterThan(100);
      // Still serving, and nothing the framework threw was logged.
      expect((await fetch(`http://127.0.0.1:${direct.port}/api/health`)).status).toBe(200);
      expect(direct.output.join('')).not.toMatch(/\n\s+at |TypeError|Invalid URL|URIError/);
    },
  );

  it("a page's path that is not percent-encoded UTF-8 gets the site's not-found page, as a visitor's mangled link should", async () => {
    for (const target of ['/caf%E9', '/con%tact', '/%ff', '/robots.txt%']) {
      const response = await fetch(`http://127.0.0.1:${direct.port}${target}`);
      expect(response.status, target).toBe(404);
      expect(response.headers.get('content-type'), target).toMatch(/^text\/html/);
      expect(await response.text(), target).toContain('<h1');
    }
    const head = await fetch(`http://127.0.0.1:${direct.port}/caf%E9`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('still serves pages, the query string it cannot decode included, and 405 for methods a page does not take', async () => {
    for (const [line, expected] of [
      ['GET /contact-us?a=%ff HTTP/1.1', 200],
      ['GET /?%E0%A4%A HTTP/1.1', 200],
      ['POST / HTTP/1.1', 405],
      ['DELETE /api/leads/contact HTTP/1.1', 405],
      ['POST /api/leads/growth-audit?x=%ff HTTP/1.1', 415],
    ] as const) {
      const response = await rawRequest(
        direct.port,
        `${line}\r\n${host(direct)}\r\nContent-Length: 0\r\nConnection: close`,
      );
      expect(response.status, line).toBe(expected);
    }
  });
});

describe("the API's own refusals", () => {
  it('a method an endpoint does not take is 405 JSON naming those it does; a path that is no endpoint is 404 JSON', async () => {
    const base = `http://127.0.0.1:${direct.port}`;
    for (const [method, pathname, status, allow] of [
      ['GET', '/api/leads/contact', 405, 'POST, OPTIONS'],
      ['PUT', '/api/chat', 405, 'POST, OPTIONS'],
      ['DELETE', '/api/voice/web-call', 405, 'POST, OPTIONS'],
      ['POST', '/api/health', 405, 'GET, HEAD, OPTIONS'],
      ['GET', '/api', 404, null],
      ['GET', '/api/nope', 404, null],
      ['POST', '/api/leads', 404, null],
      ['POST', '/api/leads/contact/extra', 404, null],
    ] as const) {
      const response = await fetch(`${base}${pathname}`, { method });
      expect(response.status, `${method} ${pathname}`).toBe(status);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(await response.json()).toMatchObject({
        error: status === 405 ? 'method_not_allowed' : 'not_found',
      });
    }
  });
});

describe('OPTIONS on an endpoint', () => {
  it('answers 204 naming the same methods as its 405', async () => {
    const base = `http://127.0.0.1:${direct.port}`;
    for (const [pathname, allow] of [
      ['/api/leads/contact', 'POST, OPTIONS'],
      ['/api/chat', 'POST, OPTIONS'],
      ['/api/voice/web-call', 'POST, OPTIONS'],
      ['/api/health', 'GET, HEAD, OPTIONS'],
    ] as const) {
      const response = await fetch(`${base}${pathname}`, { method: 'OPTIONS' });
      expect(response.status, pathname).toBe(204);
      expect(response.headers.get('allow'), pathname).toBe(allow);
    }
  });
});

describe('bodies that stop arriving', () => {
  it(
    'get 408 within about 10 s on leads, chat and voice, with the connection closed, and no voice call is started',
    { timeout: 60_000 },
    async () => {
      const calls = provider.requests.length;
      // On the second instance, so they fill no window the tests below use. Each declares a body
      // within its endpoint's limit (voice takes 2 KB) and sends 6 bytes of it.
      const endpoints = ['/api/leads/demo', '/api/chat', '/api/voice/web-call'];
      const declared = [5000, 5000, 1000];
      const responses = await Promise.all(
        endpoints.map((endpoint, i) =>
          rawRequest(
            behindProxy.port,
            `POST ${endpoint} HTTP/1.1\r\n${host(behindProxy)}\r\nContent-Type: application/json\r\nContent-Length: ${declared[i]}`,
            {
              body: '{"a":1',
              timeoutMs: 30_000,
              untilClosed: true,
            },
          ),
        ),
      );
      for (const [i, response] of responses.entries()) {
        expect(response.status, endpoints[i]).toBe(408);
        expect(JSON.parse(response.body), endpoints[i]).toMatchObject({ error: 'timeout' });
        expect(response.ms, endpoints[i]).toBeGreaterThanOrEqual(9_500);
        expect(response.ms, endpoints[i]).toBeLessThan(12_500);
        // The connection goes with the answer, not at the server's 15 s backstop.
        expect(response.headers.connection, endpoints[i]).toBe('close');
        expect(response.closedMs, endpoints[i]).not.toBeNull();
        expect(response.closedMs! - response.ms, endpoints[i]).toBeLessThan(1_000);
      }
      expect(provider.requests.length).toBe(calls);
      // Declared over the voice limit: 413 at once, and no call either.
      const tooLarge = await rawRequest(
        behindProxy.port,
        `POST /api/voice/web-call HTTP/1.1\r\n${host(behindProxy)}\r\nContent-Type: application/json\r\nContent-Length: 5000`,
        {
          body: '{"a":1',
        },
      );
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.ms).toBeLessThan(2_000);
      expect(provider.requests.length).toBe(calls);
    },
  );

  it(
    'closes a connection whose headers never finish within the 10 s header timeout',
    { timeout: 60_000 },
    async () => {
      const response = await rawRequest(
        behindProxy.port,
        `POST /api/leads/demo HTTP/1.1\r\n${host(behindProxy)}\r\nX-Slow: 1`,
        {
          timeoutMs: 30_000,
          unfinished: true,
        },
      );
      expect(response.ms).toBeGreaterThanOrEqual(9_500);
      expect(response.ms).toBeLessThan(13_000);
      expect([0, 408]).toContain(response.status);
    },
  );
});

describe('forged client addresses', () => {
  it('without a trusted proxy: 30 posts from one connection naming 30 addresses in every forgeable header get 10 answers 201', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await postLead(direct, forgedAddressHeaders(i), i));
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });

  it('the voice demo starts 5 calls, not 8, for a client rotating forged addresses', async () => {
    const calls = provider.requests.length;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`http://127.0.0.1:${direct.port}/api/voice/web-call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...forgedAddressHeaders(i) },
        body: '{}',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(provider.requests.length - calls).toBe(5);
  });

  it("replaces a client's own copy of the header the server uses for the connection address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await fetch(`http://127.0.0.1:${direct.port}/api/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-site-peer-address': `203.0.113.${i + 1}`,
        },
        body: JSON.stringify({
          sessionId: '0b6a3c52-8a51-4d5e-9f1c-2a7b3d4e5f60',
          chatInput: 'Hi',
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
  });

  it('behind one proxy that appends to X-Forwarded-For (TRUST_PROXY=1): the entry it added counts, nothing the client wrote', async () => {
    const visitor = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const forged = forgedAddressHeaders(i);
      const xff = [forged['x-forwarded-for'], visitor].filter(Boolean).join(', ');
      statuses.push(await postLead(behindProxy, { ...forged, 'x-forwarded-for': xff }, i));
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Another visitor behind the same proxy has a window of its own.
    expect(await postLead(behindProxy, { 'x-forwarded-for': '203.0.113.9, 192.0.2.78' }, 99)).toBe(
      201,
    );
  });

  it('behind a CDN that sets CF-Connecting-IP (TRUST_PROXY=cf-connecting-ip): only that header counts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        await postLead(
          behindCdn,
          { ...forgedAddressHeaders(i), 'cf-connecting-ip': '192.0.2.90' },
          i,
        ),
      );
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect(await postLead(behindCdn, { 'cf-connecting-ip': '192.0.2.91' }, 99)).toBe(201);
  });
});

describe('SIGTERM', () => {
  it(
    'lets requests in flight finish, closes the database and exits with 143',
    { timeout: 60_000 },
    async () => {
      const inFlight = Array.from({ length: 10 }, (_, i) =>
        postLead(behindCdn, { 'cf-connecting-ip': `192.0.2.${100 + i}` }, 1000 + i),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      behindCdn.process.kill('SIGTERM');
      const statuses = await Promise.all(inFlight.map((request) => request.catch(() => 0)));
      expect(await behindCdn.exited).toBe(143);
      // Every request the server had taken was answered; none died with the process.
      expect(statuses.filter((status) => status !== 201 && status !== 0)).toEqual([]);
      expect(existsSync(`${path.join(root, 'cdn')}.lock`)).toBe(false);
    },
  );
});

describe('the inbox while its database does not answer', () => {
  it('says so on a page of its own, readable without JavaScript, never a 500, with the way back', async () => {
    const port = BASE_PORT + 15;
    const down = spawnInstance(port, {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/leads',
      LEADS_WORKER: '0',
    });
    for (let i = 0; !down.output.join('').includes('> Ready'); i += 1) {
      if (i > 600) throw new Error(`never ready:\n${down.output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lead = `/admin/leads/${crypto.randomUUID()}?q=ana`;
    for (const [pathname, back] of [
      ['/admin/sign-in', '/admin'],
      ['/admin', '/admin'],
      ['/admin/overview', '/admin/overview'],
      [lead, lead],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { redirect: 'manual' });
      expect(response.status, pathname).toBe(307);
      expect(response.headers.get('location')).toBe(
        `/admin/unavailable?${new URLSearchParams({ next: back })}`,
      );
      const page = await fetch(`http://127.0.0.1:${port}${response.headers.get('location')}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('The inbox cannot reach its database just now</h1>');
      expect(html).toContain(`href="${back.replace(/&/g, '&amp;')}"`);
    }
    down.process.kill('SIGTERM');
    await down.exited;
    expect(down.output.join('')).not.toMatch(/⨯/);
  });
});
