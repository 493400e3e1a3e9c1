import 'server-only';
import { createHmac } from 'node:crypto';

/**
 * The address a request came from, for rate limiting and the stored (hashed)
 * ip. Route handlers cannot see the socket; `next start` puts the socket
 * address in X-Forwarded-For when the request has none.
 *
 * - TRUST_PROXY=1 (behind a proxy/load balancer that sets X-Forwarded-For):
 *   the first hop of X-Forwarded-For, else X-Real-IP.
 * - Otherwise: X-Real-IP, else the last X-Forwarded-For entry (the socket
 *   address Next.js filled in). Without a proxy a client can send its own
 *   X-Forwarded-For and so pick its own rate-limit key: run production behind
 *   a proxy that overwrites the header and set TRUST_PROXY=1.
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const realIp = headers.get('x-real-ip')?.trim();
  const address = trustProxy ? (forwarded[0] ?? realIp) : (realIp ?? forwarded.at(-1));
  return (address || 'unknown').slice(0, 64);
}

/** Keyed hash of an address: lets the operator see repeats without storing who it was. */
export function hashAddress(address: string, salt: string): string {
  return createHmac('sha256', salt).update(address).digest('hex').slice(0, 32);
}
