import 'server-only';
import path from 'node:path';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { tagManagerInitScript } from '@/lib/tag-manager';
import { contentSecurityPolicy, hashSource, nonDocumentPolicy, voiceHosts } from './csp';
import { pageHashes, type InlineHashes } from './inline-hashes';

const policies = new Map<string, string>();

function documentPolicy({ scripts, styles }: InlineHashes): string {
  const tagManager = Boolean(siteConfig.gtmId);
  return contentSecurityPolicy({
    // next/script inserts the tag manager's bootstrap at runtime, so it is not in the HTML: add its hash.
    scriptHashes: tagManager ? [...scripts, hashSource(tagManagerInitScript)] : scripts,
    styleHashes: styles,
    appOrigin: new URL(siteConfig.appUrl).origin,
    tagManager,
    voiceHosts,
  });
}

/**
 * The Content-Security-Policy for a request path: a page gets the policy with
 * its own inline-script and inline-style hashes; an API route or a file (image,
 * sitemap, robots) the deny-all policy; any other path is answered by the
 * not-found page, so it gets that page's hashes.
 */
export function securityPolicyFor(pathname: string): string {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const cached = policies.get(normalized);
  if (cached) return cached;
  const { pages, notFound } = pageHashes(path.resolve(env.NEXT_DIST_DIR));
  const hashes = pages.get(normalized);
  if (hashes) {
    const policy = documentPolicy(hashes);
    policies.set(normalized, policy); // bounded: one entry per built page
    return policy;
  }
  if (normalized.startsWith('/api/') || /\.[a-z0-9]+$/i.test(normalized)) return nonDocumentPolicy;
  return documentPolicy(notFound);
}
