import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv, type TrustProxy } from '@/env';
import { clientAddress, normalizeAddress, rateLimitKey } from '@/server/http/client-address';

/**
 * Every header a client can send is the client's choice: without a trusted proxy the address is the
 * connection's own (the header scripts/server.mjs sets); behind one, only what the proxy added.
 */

const PEER = 'x-site-peer-address';
const none: TrustProxy = { kind: 'none' };
const oneHop: TrustProxy = { kind: 'hops', hops: 1 };
const twoHops: TrustProxy = { kind: 'hops', hops: 2 };
const cdnHeader: TrustProxy = { kind: 'header', header: 'cf-connecting-ip' };

/** Everything a client can write to pretend to be someone else. */
const forged: Record<string, string> = {
  'x-forwarded-for': '203.0.113.66, 198.51.100.66',
  'x-real-ip': '203.0.113.67',
  forwarded: 'for=203.0.113.68;proto=https, for="[2001:db8::68]"',
  'true-client-ip': '203.0.113.69',
  'cf-connecting-ip': '203.0.113.70',
  'x-client-ip': '203.0.113.71',
  'fastly-client-ip': '203.0.113.72',
  'x-cluster-client-ip': '203.0.113.73',
  'fly-client-ip': '203.0.113.74',
  'x-forwarded': 'for=203.0.113.75',
  'forwarded-for': '203.0.113.76',
};

const request = (init: Record<string, string>) => new Headers(init);
const server = globalThis as typeof globalThis & { __siteServer?: { peerAddressHeader: string } };

beforeEach(() => {
  server.__siteServer = { peerAddressHeader: PEER };
});
afterEach(() => {
  delete server.__siteServer;
});

describe('clientAddress without a trusted proxy (TRUST_PROXY unset)', () => {
  it('is the connection address, whatever forwarding headers the client sends', () => {
    expect(clientAddress(request({ [PEER]: '192.0.2.10', ...forged }), none)).toBe('192.0.2.10');
    for (const [name, value] of Object.entries(forged))
      expect(clientAddress(request({ [PEER]: '192.0.2.10', [name]: value }), none), name).toBe(
        '192.0.2.10',
      );
  });

  it("is 'unknown' (one shared window) when not served by scripts/server.mjs, even if a client sends the header itself", () => {
    delete server.__siteServer;
    expect(clientAddress(request({ [PEER]: '192.0.2.10', ...forged }), none)).toBe('unknown');
  });

  it('normalises the socket form of an IPv4 address on a dual-stack socket', () => {
    expect(clientAddress(request({ [PEER]: '::ffff:192.0.2.10' }), none)).toBe('192.0.2.10');
  });
});

describe('clientAddress behind proxies that append to X-Forwarded-For (TRUST_PROXY=N)', () => {
  it('takes the entry the proxy added, never the ones the client wrote before it', () => {
    const headers = request({
      [PEER]: '10.0.0.2',
      ...forged,
      'x-forwarded-for': '203.0.113.66, 198.51.100.66, 192.0.2.33',
    });
    expect(clientAddress(headers, oneHop)).toBe('192.0.2.33');
    expect(
      clientAddress(
        request({ [PEER]: '10.0.0.2', 'x-forwarded-for': '203.0.113.66,192.0.2.33' }),
        oneHop,
      ),
    ).toBe('192.0.2.33');
  });

  it('counts N proxies from the right', () => {
    // client -> CDN (adds the client) -> load balancer (adds the CDN) -> app
    const headers = request({
      [PEER]: '10.0.0.2',
      'x-forwarded-for': '203.0.113.66, 192.0.2.33, 198.18.0.5',
    });
    expect(clientAddress(headers, twoHops)).toBe('192.0.2.33');
    expect(
      clientAddress(request({ [PEER]: '10.0.0.2', 'x-forwarded-for': '192.0.2.33' }), twoHops),
    ).toBe('192.0.2.33');
  });

  it('ignores X-Real-IP, Forwarded and the CDN headers, and uses the connection without X-Forwarded-For', () => {
    const { 'x-forwarded-for': _xff, ...others } = forged;
    expect(clientAddress(request({ [PEER]: '10.0.0.2', ...others }), oneHop)).toBe('10.0.0.2');
  });

  it('falls back to the connection when the trusted entry is not an address', () => {
    expect(
      clientAddress(
        request({ [PEER]: '10.0.0.2', 'x-forwarded-for': '192.0.2.1, garbage' }),
        oneHop,
      ),
    ).toBe('10.0.0.2');
  });
});

describe('clientAddress behind a CDN that sets one header (TRUST_PROXY=cf-connecting-ip)', () => {
  it('reads only that header', () => {
    expect(
      clientAddress(
        request({ [PEER]: '10.0.0.2', ...forged, 'cf-connecting-ip': '192.0.2.44' }),
        cdnHeader,
      ),
    ).toBe('192.0.2.44');
    const { 'cf-connecting-ip': _cf, ...others } = forged;
    expect(clientAddress(request({ [PEER]: '10.0.0.2', ...others }), cdnHeader)).toBe('10.0.0.2');
  });
});

describe('TRUST_PROXY', () => {
  it('parses none, a number of proxies and a header name', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 1 });
    expect(parseEnv({ TRUST_PROXY: '3' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 3 });
    expect(parseEnv({ TRUST_PROXY: 'CF-Connecting-IP' }).TRUST_PROXY).toEqual({
      kind: 'header',
      header: 'cf-connecting-ip',
    });
  });

  it.each(['yes please', '10', '-1', 'x-forwarded-for', 'Forwarded', 'a'.repeat(80)])(
    'refuses %s',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY: must be 0, a number of proxies',
      );
    },
  );
});

describe('normalizeAddress and rateLimitKey', () => {
  it('keeps IP addresses only, without ports, brackets or zones', () => {
    expect(normalizeAddress(' 192.0.2.1 ')).toBe('192.0.2.1');
    expect(normalizeAddress('192.0.2.1:5123')).toBe('192.0.2.1');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('unknown')).toBeNull();
    expect(normalizeAddress('')).toBeNull();
    expect(normalizeAddress(null)).toBeNull();
  });

  it('counts IPv6 per /64, the block one subscriber can rotate through', () => {
    expect(rateLimitKey('192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});
