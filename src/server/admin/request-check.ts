import 'server-only';
import { env } from '@/env';
import { isSameOrigin } from '@/server/http/same-origin';

/**
 * What every change to the inbox is checked for before anything else, here so that src/proxy.ts
 * (which refuses a foreign post with 403 before Next.js reads it) and the actions share it.
 */

/** The inbox path a request was made to, set by src/proxy.ts (replacing a client's own). */
export const ADMIN_PATH_HEADER = 'x-admin-path';

/**
 * The typed flash's cookie (flash.ts). src/proxy.ts hands its value to the page on FLASH_HEADER and
 * clears the cookie in the same answer (a cookie the proxy clears is already gone for the page).
 */
export const FLASH_COOKIE = 'admin.flash';
export const FLASH_HEADER = 'x-admin-flash';

/**
 * Whether a request comes from another site: a browser's Sec-Fetch-Site says cross-site or
 * same-site (another subdomain), or its Origin is not this site's. A request with neither header
 * (curl, an old browser) is not a page on another site using the operator's browser.
 */
export function isForeignRequest(headers: Headers, requestUrl?: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  return !isSameOrigin(
    headers,
    env.NEXT_PUBLIC_SITE_URL,
    env.TRUST_PROXY.kind !== 'none',
    requestUrl,
  );
}
