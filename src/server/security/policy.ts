import 'server-only';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { tagManagerInitScript } from '@/lib/tag-manager';
import { pageFor, type PageEntry } from '@/lib/build-manifest';
import { builtManifest } from './build';
import {
  contentSecurityPolicy,
  developmentPolicy,
  hashSource,
  nonDocumentPolicy,
  voiceHosts,
  type SiteSources,
} from './csp';

const site = (): SiteSources => ({
  appOrigin: new URL(siteConfig.appUrl).origin,
  tagManager: Boolean(siteConfig.gtmId),
  voiceHosts,
});

const policies = new Map<string, string>();

function pagePolicy({ scriptHashes, styleHashes }: PageEntry): string {
  // next/script inserts the tag manager's bootstrap at runtime, outside the HTML: add its hash.
  const scripts = siteConfig.gtmId
    ? [...scriptHashes, hashSource(tagManagerInitScript)]
    : scriptHashes;
  return contentSecurityPolicy({ scriptHashes: scripts, styleHashes, ...site() });
}

/**
 * The policy of a prerendered page, with its hashes from the post-build manifest (read once), or
 * undefined for any other path: a page rendered per request needs its own.
 */
function prerenderedPagePolicy(pathname: string): string | undefined {
  const page = pageFor(builtManifest(), pathname);
  if (!page) return undefined;
  let policy = policies.get(page.file);
  // Bounded: one entry per built page.
  if (!policy) policies.set(page.file, (policy = pagePolicy(page)));
  return policy;
}

/**
 * The Content-Security-Policy for a request path: `next dev`'s, a prerendered page's own, deny-all
 * for an API route or a file, and the not-found page's for any other path (it answers them).
 */
export function securityPolicyFor(pathname: string): string {
  if (env.NODE_ENV === 'development') return developmentPolicy(site());
  const policy = prerenderedPagePolicy(pathname);
  if (policy) return policy;
  if (pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(pathname)) return nonDocumentPolicy;
  return prerenderedPagePolicy(builtManifest().notFoundRoute)!;
}
