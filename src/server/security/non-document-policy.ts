/**
 * The policy of responses that are not pages (API JSON, images, feeds): nothing
 * may run or load. Constant, so next.config.ts sets it on API routes without the
 * proxy; no 'server-only' here because next.config.ts imports it.
 */
export const nonDocumentPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
