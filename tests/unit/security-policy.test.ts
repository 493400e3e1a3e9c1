import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MANIFEST_FILE,
  MANIFEST_VERSION,
  type PageEntry,
  type PostbuildManifest,
} from '@/lib/build-manifest';
import { parseCsp } from '../../scripts/lib/observatory';

/** The proxy's choice of policy per request path (security/policy.ts), on a build's manifest. */

const page = (name: string): PageEntry => ({
  file: `${name}.html`,
  scriptHashes: [`'sha256-${name}-script='`],
  styleHashes: [`'sha256-${name}-style='`],
  startupScripts: [],
  noModuleScripts: [],
});
const manifest: PostbuildManifest = {
  version: MANIFEST_VERSION,
  pages: { '/': page('home'), '/contact-us': page('contact'), '/_not-found': page('not-found') },
  notFoundRoute: '/_not-found',
  hintedChunks: [],
  assets: [],
  prerenderedFiles: [],
  apiResponseHeaders: {},
  actions: { '/admin/leads/[id]': ['7fa1'], '/admin': ['7fb2', '7fa1'] },
  routes: [
    '/',
    '/contact-us',
    '/admin',
    '/admin/leads/[id]',
    '/admin/leads.csv',
    '/api/[[...path]]',
  ],
};

let distDir: string;
beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'policy-'));
  // policy.ts keeps the manifest it read: each test imports a fresh copy for its own build folder.
  vi.resetModules();
  vi.stubEnv('NEXT_DIST_DIR', distDir);
  vi.stubEnv('NEXT_PUBLIC_GTM_ID', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(distDir, { recursive: true, force: true });
});

async function policyFor(nodeEnv: string, pathname: string) {
  vi.stubEnv('NODE_ENV', nodeEnv);
  const { securityPolicyFor } = await import('@/server/security/policy');
  return securityPolicyFor(pathname);
}

describe('securityPolicyFor', () => {
  const paths = [
    '/',
    '/contact-us',
    '/contact-us/',
    '/no-such-page',
    '/api/leads/contact',
    '/robots.txt',
  ];

  it.each(['production', 'test'])(
    'with NODE_ENV=%s gives each page its own hashes and never an unsafe-* source',
    async (nodeEnv) => {
      writeFileSync(path.join(distDir, MANIFEST_FILE), JSON.stringify(manifest));
      const policies = Object.fromEntries(
        await Promise.all(
          paths.map(async (pathname) => [pathname, await policyFor(nodeEnv, pathname)]),
        ),
      );
      for (const policy of Object.values(policies)) expect(policy).not.toContain('unsafe-');
      expect(parseCsp(policies['/']!)!.get('script-src')).toEqual([
        "'self'",
        "'sha256-home-script='",
      ]);
      expect(parseCsp(policies['/contact-us/']!)!.get('style-src')).toEqual([
        "'self'",
        "'sha256-contact-style='",
      ]);
      expect(parseCsp(policies['/no-such-page']!)!.get('script-src')).toEqual([
        "'self'",
        "'sha256-not-found-script='",
      ]);
      expect(policies['/api/leads/contact']).toBe(policies['/robots.txt']);
      expect(parseCsp(policies['/robots.txt']!)!.get('default-src')).toEqual(["'none'"]);
      expect(policies['/robots.txt']).not.toContain('script-src');
    },
  );

  it('without a manifest says to build with npm run build', async () => {
    await expect(policyFor('production', '/')).rejects.toThrow(
      /postbuild-manifest\.json is missing: build with `npm run build`/,
    );
  });

  it('under next dev gives every page the development policy, with no build needed', async () => {
    for (const pathname of ['/', '/contact-us', '/revenue-calculator']) {
      const policy = parseCsp(await policyFor('development', pathname))!;
      expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });
});

describe("a page's Server Actions", () => {
  it('are those of the route the path matches, a [param] segment matching any one segment', async () => {
    writeFileSync(path.join(distDir, MANIFEST_FILE), JSON.stringify(manifest));
    const { pageActionIds } = await import('@/server/security/build');
    expect(pageActionIds('/admin/leads/6f1c3c52-4d0e-4f37-9d5c-7d2b8c1e0a11')).toEqual(['7fa1']);
    expect(pageActionIds('/admin')).toEqual(['7fb2', '7fa1']);
    expect(pageActionIds('/admin/')).toEqual(['7fb2', '7fa1']);
    expect(pageActionIds('/admin/leads')).toBeUndefined();
    expect(pageActionIds('/admin/leads/x/y')).toBeUndefined();
  });
});

describe('the routes of the app', () => {
  it("tell an inbox path that is no route (the 404 page's, with the public policy) from a page", async () => {
    writeFileSync(path.join(distDir, MANIFEST_FILE), JSON.stringify(manifest));
    vi.stubEnv('NODE_ENV', 'production');
    const { servesRoute } = await import('@/server/security/build');
    for (const served of ['/', '/admin', '/admin/', '/admin/leads/abc', '/admin/leads.csv'])
      expect(servesRoute(served), served).toBe(true);
    for (const unknown of ['/admin/overveiw', '/admin/leads', '/admin/leads/abc/x', '/contact'])
      expect(servesRoute(unknown), unknown).toBe(false);
    // A catch-all segment takes the rest of the path, an optional one none at all too.
    for (const served of ['/api', '/api/x', '/api/x/y/z'])
      expect(servesRoute(served), served).toBe(true);
  });
});
