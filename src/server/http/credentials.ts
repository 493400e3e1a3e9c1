import 'server-only';

/** Webhook credentials (URL user:password@ and a Header Auth header): sent, never kept or shown. */

/** The URL without user:password@, for anything that keeps or prints it. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    // Not a URL (env.ts lets none through): drop anything up to the authority's last @ anyway.
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
  }
}

/** The Header Auth header of a webhook, when both its name and value are set. */
export function authHeader(
  name: string | undefined,
  value: string | undefined,
): Record<string, string> {
  return name && value ? { [name]: value } : {};
}
