import 'server-only';

// The Content-Security-Policies: docs/architecture.md, "Security".

export type SiteSources = {
  /** The external web app shown in the home page's preview modal (frame-src). */
  appOrigin: string;
  /** Google Tag Manager configured: its script host and the hosts its tags report to. */
  tagManager: boolean;
  /** Where the voice SDK connects (the provider's media servers); see voiceHosts. */
  voiceHosts: readonly string[];
};

export type CspOptions = SiteSources & {
  /** 'sha256-…' sources for the inline scripts of the response's page. */
  scriptHashes: readonly string[];
  /** 'sha256-…' sources for the page's inline style elements (its inlined stylesheet). */
  styleHashes: readonly string[];
};

/** SHA-256 hash source of a script's exact text, as CSP compares it (shared with the build). */
export { hashSource } from '@/lib/inline-hashes';

/**
 * The voice SDK (livekit-client) connects to the provider's LiveKit cloud over WebSocket and HTTPS
 * (signalling, region discovery, reconnect checks); media flows over WebRTC, outside connect-src.
 */
export const voiceHosts = ['wss://*.livekit.cloud', 'https://*.livekit.cloud'] as const;

// Google's documented hosts for GTM with GA4 (script, beacons, pixels).
const tagManagerScript = ['https://www.googletagmanager.com'];
const tagManagerConnect = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const tagManagerImg = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

function policy(
  script: readonly string[],
  style: readonly string[],
  { appOrigin, tagManager, voiceHosts: voice }: SiteSources,
): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...script, ...(tagManager ? tagManagerScript : [])],
    'style-src': ["'self'", ...style],
    'img-src': ["'self'", 'data:', ...(tagManager ? tagManagerImg : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...voice, ...(tagManager ? tagManagerConnect : [])],
    // The voice SDK plays audio from a MediaStream; blob: covers players that wrap it in a URL.
    'media-src': ["'self'", 'blob:'],
    'frame-src': [appOrigin],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return serialize(directives);
}

const serialize = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/** A prerendered page's policy: its own inline scripts and style by hash, nothing else inline. */
export function contentSecurityPolicy({ scriptHashes, styleHashes, ...site }: CspOptions): string {
  return policy(scriptHashes, styleHashes, site);
}

/**
 * The policy of `next dev`, never a build: inline scripts and styles no build has hashed, eval for
 * React's dev tooling, and hot reloading over a same-origin WebSocket ('self' in connect-src).
 */
export function developmentPolicy(site: SiteSources): string {
  return policy(["'unsafe-inline'", "'unsafe-eval'"], ["'unsafe-inline'"], site);
}

/**
 * The inbox's policy (/admin, rendered per request): Next.js marks its inline scripts with this
 * request's nonce, so nothing else inline runs; nothing loads from other origins.
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
  return serialize(directives);
}

export { nonDocumentPolicy } from './non-document-policy';
