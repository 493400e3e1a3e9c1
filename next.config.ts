import type { NextConfig } from 'next';
// Validate the environment when the build starts, not halfway through prerendering.
import { env } from './src/env';
import { nonDocumentPolicy } from './src/server/security/non-document-policy';

/**
 * Security headers on every response. The Content-Security-Policy differs per
 * page (it lists the page's inline script and style hashes), so src/proxy.ts sets it.
 */
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
  // app/global-not-found.tsx answers unknown paths, so no root not-found.tsx rides along with every page.
  experimental: {
    globalNotFound: true,
    // The inbox's Server Actions: Next.js refuses (with a 500) an action whose Origin is not the host the request
    // reached, which behind a proxy that rewrites Host is never the case. The site's own host is allowed here;
    // src/proxy.ts and the actions' wrapper refuse every other origin first (src/server/admin/request-check.ts).
    serverActions: { allowedOrigins: [new URL(env.NEXT_PUBLIC_SITE_URL).host] },
  },
  // Not experimental.inlineCss: it writes the CSS three times into every page (bench/results/postbuild.md);
  // scripts/postbuild/ inlines it once after the build.
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      {
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: nonDocumentPolicy }],
      },
      // The inbox: never indexed (its pages also say so in a meta tag; files and redirects only here), and in a
      // browsing context group of its own, so no other site's window holds a handle to a page showing leads.
      // Public pages do without: they are the same for every visitor, and the process every arrival would have to
      // start for its own group was the longest task of their load (bench/results/main-thread.md).
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
