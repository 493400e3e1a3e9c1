import 'server-only';
import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy: deny by default, then allow exactly what the
 * site uses. Pages are prerendered, so there is no per-request nonce; instead
 * script-src lists the SHA-256 of every inline script of the page being served
 * (Next.js's hydration data, the pre-paint script) and style-src that of its
 * inlined stylesheet, read from its prerendered HTML (inline-hashes.ts).
 * No 'unsafe-inline', no 'unsafe-eval'.
 */

export type CspOptions = {
  /** 'sha256-…' sources for the inline scripts of the response's page. */
  scriptHashes: readonly string[];
  /** 'sha256-…' sources for the page's inline style elements (its inlined stylesheet). */
  styleHashes: readonly string[];
  /** The external web app shown in the home page's preview modal (frame-src). */
  appOrigin: string;
  /** Google Tag Manager configured: its script host and the hosts its tags report to. */
  tagManager: boolean;
  /** Where the voice SDK connects (the provider's media servers); see voiceHosts. */
  voiceHosts: readonly string[];
};

/** SHA-256 hash source of a script's exact text, as CSP compares it. */
export function hashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The live voice demo's SDK (retell-client-js-sdk -> livekit-client) connects to
 * the provider's LiveKit cloud over WebSocket and HTTPS (signalling, region
 * discovery, reconnect checks). Media itself flows over WebRTC, which
 * connect-src does not govern.
 */
export const voiceHosts = ['wss://*.livekit.cloud', 'https://*.livekit.cloud'] as const;

// Google's documented hosts for GTM with GA4 (script, beacons, pixels).
const tagManagerScript = ['https://www.googletagmanager.com'];
const tagManagerConnect = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const tagManagerImg = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

export function contentSecurityPolicy({ scriptHashes, styleHashes, appOrigin, tagManager, voiceHosts: voice }: CspOptions): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...scriptHashes, ...(tagManager ? tagManagerScript : [])],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:', ...(tagManager ? tagManagerImg : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...voice, ...(tagManager ? tagManagerConnect : [])],
    // The voice SDK plays the agent's audio from a MediaStream; blob: covers players that wrap it in an object URL.
    'media-src': ["'self'", 'blob:'],
    'frame-src': [appOrigin],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The policy of the inbox's pages (/admin), which render per request: Next.js marks its own inline
 * scripts with this request's nonce, so no hash list is needed and nothing else inline can run.
 * The inbox loads nothing from other origins.
 */
export function nonceDocumentPolicy(nonce: string): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export { nonDocumentPolicy } from './non-document-policy';
