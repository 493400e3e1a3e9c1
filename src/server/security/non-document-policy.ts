/**
 * The policy of responses that are not pages: nothing may run or load. No 'server-only', because
 * next.config.ts imports it to set it on API routes without the proxy.
 */
export const nonDocumentPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
