import 'server-only';

/**
 * A POST's Origin, when present, must be this site: NEXT_PUBLIC_SITE_URL or the host the request
 * was sent to (a preview or local address). Browsers always send it on a POST, so another site's
 * page cannot post through a visitor's browser; requests without it (curl) pass.
 */
export function isSameOrigin(
  headers: Headers,
  siteUrl: string,
  trustProxy: boolean,
  requestUrl?: string,
): boolean {
  const origin = headers.get('origin');
  if (origin === null) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin); // 'null' (sandboxed frames, file:) throws
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === new URL(siteUrl).origin) return true;
  const forwarded = trustProxy ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  let host = forwarded || headers.get('host')?.trim();
  if (!host && requestUrl) {
    try {
      host = new URL(requestUrl).host;
    } catch {
      host = undefined;
    }
  }
  if (!host) return false;
  try {
    // Normalise the default port away, as the Origin header already is.
    return new URL(`${parsed.protocol}//${host}`).host === parsed.host;
  } catch {
    return false;
  }
}
