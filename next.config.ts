import type { NextConfig } from 'next';
import { env } from './src/env';
import { nonDocumentPolicy } from './src/server/security/non-document-policy';

// The environment is checked when the build or the server starts, not halfway through
// prerendering; a bad variable stops it with the message naming it, not a stack trace.
try {
  void env.NODE_ENV;
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/** Security headers on every response; the per-page Content-Security-Policy is src/proxy.ts's. */
const securityHeaders = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  {
    key: 'Permissions-Policy',
    value: 'microphone=(self), camera=(), geolocation=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-site' },
];

const nextConfig: NextConfig = {
  // The test suite builds a second variant side by side (tests/e2e/support/test-env.json).
  distDir: env.NEXT_DIST_DIR,
  poweredByHeader: false,
  reactStrictMode: true,
  // global-not-found.tsx answers unknown paths: a root not-found.tsx would ride along everywhere.
  experimental: {
    globalNotFound: true,
    // Next.js refuses (with a 500) a Server Action whose Origin is not the host the request reached,
    // which behind a proxy that rewrites Host is never so; src/proxy.ts and the actions' wrapper
    // refuse every other origin first (src/server/admin/request-check.ts).
    serverActions: { allowedOrigins: [new URL(env.NEXT_PUBLIC_SITE_URL).host] },
  },
  // Not experimental.inlineCss, which writes the CSS three times into every page;
  // scripts/postbuild/ inlines it once (bench/results/postbuild.md).
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      {
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: nonDocumentPolicy }],
      },
      // The inbox: never indexed, and in a browsing context group of its own, so no other site's
      // window holds a handle to a page showing leads. Public pages do without: a group for every
      // arrival is their load's longest task (bench/results/main-thread.md).
      {
        source: '/admin/:path*',
        headers: [
          { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
