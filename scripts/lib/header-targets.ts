import { routes } from '../../src/content/routes';

/**
 * What `npm run check:headers` and the security-headers test request: every page, a missing path,
 * the generated files, the inbox's sign-in page and redirect, and every API endpoint with a request
 * it answers without side effects (the headers are what is scored).
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
  // The inbox's endpoints without a session: 401 JSON.
  { path: '/api/admin/leads.csv', method: 'GET' },
  { path: '/api/admin/sign-in', method: 'POST', body: '{}', contentType: 'application/json' },
];

export const headerTargets: HeaderTarget[] = [
  ...routes.map((route) => ({ path: route.path, method: 'GET' as const })),
  { path: '/this-page-does-not-exist', method: 'GET' },
  { path: '/robots.txt', method: 'GET' },
  { path: '/sitemap.xml', method: 'GET' },
  { path: '/og-image.png', method: 'GET' },
  { path: '/icon.svg', method: 'GET' },
  { path: '/favicon.ico', method: 'GET' },
  // The inbox renders per request with a nonce policy: its sign-in page, and the redirect to it.
  { path: '/admin/sign-in', method: 'GET' },
  { path: '/admin', method: 'GET' },
  ...apiTargets,
];
