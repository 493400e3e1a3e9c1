import { routes } from '../../src/content/routes';

/**
 * What `npm run check:headers` and the security-headers test request: every page, a missing path,
 * the generated files, the inbox's pages and export without a session, and every API endpoint
 * with a request it answers without side effects (the headers are what is scored).
 */
export type HeaderTarget = {
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  contentType?: string;
};

const apiTargets: HeaderTarget[] = [
  { path: '/api/health', method: 'GET' },
  { path: '/api/leads/contact', method: 'POST', body: '{}', contentType: 'application/json' },
  { path: '/api/leads/unknown-form', method: 'POST', body: '{}', contentType: 'application/json' },
  { path: '/api/chat', method: 'POST', body: '{}', contentType: 'application/json' },
  { path: '/api/voice/web-call', method: 'POST', body: 'not json', contentType: 'text/plain' },
  // Refused by scripts/server.mjs itself (not valid percent-encoded UTF-8) before Next.js sees it.
  { path: '/api/leads/%ff', method: 'POST', body: '{}', contentType: 'application/json' },
];

/** The inbox without a session: pages redirect to sign-in, the export refuses a GET and a post. */
const inboxTargets: HeaderTarget[] = [
  { path: '/admin/sign-in', method: 'GET' },
  { path: '/admin', method: 'GET' },
  { path: '/admin/overview', method: 'GET' },
  { path: '/admin/leads/00000000-0000-4000-8000-000000000000', method: 'GET' },
  { path: '/admin/leads.csv', method: 'GET' },
  {
    path: '/admin/leads.csv',
    method: 'POST',
    body: 'csrf=none',
    contentType: 'application/x-www-form-urlencoded',
  },
];

export const headerTargets: HeaderTarget[] = [
  ...routes.map((route) => ({ path: route.path, method: 'GET' as const })),
  { path: '/this-page-does-not-exist', method: 'GET' },
  { path: '/robots.txt', method: 'GET' },
  { path: '/sitemap.xml', method: 'GET' },
  { path: '/og-image.png', method: 'GET' },
  { path: '/icon.svg', method: 'GET' },
  { path: '/favicon.ico', method: 'GET' },
  // The inbox renders per request with a nonce policy.
  ...inboxTargets,
  ...apiTargets,
];
