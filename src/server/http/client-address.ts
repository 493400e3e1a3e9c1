import 'server-only';
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { TrustProxy } from '@/env';
import { log } from '@/server/log';
import { processGlobals } from '@/server/process';

/**
 * The address a request came from, as TRUST_PROXY allows (docs/deploying.md): a client chooses
 * every header it sends, so by default none is read. Route handlers cannot see the socket, so
 * scripts/server.mjs passes the peer's address in a header of its own; served otherwise, every
 * visitor is 'unknown'. With N proxies the visitor is X-Forwarded-For's N-th entry from the right.
 */

let warnedNoPeer = false;

/** Every visitor's address on a server that cannot tell them apart. */
const UNKNOWN_ADDRESS = 'unknown';

/** The connection's address, from scripts/server.mjs's header; 'unknown' without that server. */
function peerAddress(headers: Headers): string {
  const header = processGlobals.__siteServer?.peerAddressHeader;
  const address = header ? normalizeAddress(headers.get(header)) : null;
  if (!address && !warnedNoPeer) {
    warnedNoPeer = true;
    log('warn', 'client_address.no_peer_address', {
      hint: 'serve with scripts/server.mjs (npm start) so rate limits can tell visitors apart',
    });
  }
  return address ?? UNKNOWN_ADDRESS;
}

export function clientAddress(headers: Headers, trust: TrustProxy): string {
  if (trust.kind === 'header')
    return normalizeAddress(headers.get(trust.header)) ?? peerAddress(headers);
  if (trust.kind === 'hops') {
    const entries = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (entries.length === 0) return peerAddress(headers);
    return (
      normalizeAddress(entries[Math.max(0, entries.length - trust.hops)]) ?? peerAddress(headers)
    );
  }
  return peerAddress(headers);
}

/** An IP address without port, brackets or zone, IPv4-mapped IPv6 as IPv4; null if it is none. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  let value = raw?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(value))
    value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%.*$/, '').toLowerCase();
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return value.length <= 45 && isIP(value) ? value : null;
}

/**
 * The key a rate limit counts under: the address, except that IPv6 counts per /64, the block one
 * subscriber gets (a client can rotate through 2^64 addresses inside it).
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const width = (parts: string[]) =>
    parts.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'),
          ...right,
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Keyed hash of an address: lets the operator see repeats without storing who it was. */
export function hashAddress(address: string, salt: string): string {
  return createHmac('sha256', salt).update(address).digest('hex').slice(0, 32);
}

/**
 * Keyed hash of the network an address counts under (rateLimitKey), for a limit that outlives a
 * rate limit's minute; null for 'unknown', which every visitor shares when none can be told apart.
 */
export function networkHash(address: string, salt: string): string | null {
  return address === UNKNOWN_ADDRESS ? null : hashAddress(`network:${rateLimitKey(address)}`, salt);
}
