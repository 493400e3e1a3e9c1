import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/env';
import {
  ADMIN_PATH_HEADER,
  FLASH_COOKIE,
  FLASH_HEADER,
  isForeignRequest,
} from '@/server/admin/request-check';
import { nonceDocumentPolicy } from '@/server/security/csp';
import { nonDocumentPolicy } from '@/server/security/non-document-policy';
import { securityPolicyFor } from '@/server/security/policy';

/** Adds the served page's Content-Security-Policy: docs/architecture.md, "Security". */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return inbox(request);
  const response = NextResponse.next();
  response.headers.set('Content-Security-Policy', securityPolicyFor(pathname));
  return response;
}

/**
 * The inbox: a post from another site is refused here, before Next.js reads it (its own check
 * answers 500); the path asked for goes to the page on a header, for the way back after sign-in or
 * an action; a typed flash is cleared on the page that shows it.
 */
function inbox(request: NextRequest) {
  if (request.method === 'POST' && isForeignRequest(request.headers, request.url)) {
    return new NextResponse(
      "Refused: changes to the inbox are only accepted from the inbox's own pages.\n",
      {
        status: 403,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'Content-Security-Policy': nonDocumentPolicy,
        },
      },
    );
  }
  const headers = new Headers(request.headers);
  const asked = request.nextUrl.clone();
  asked.searchParams.delete('_rsc');
  headers.set(ADMIN_PATH_HEADER, `${asked.pathname}${asked.search}`);
  const flash = request.method === 'GET' ? request.cookies.get(FLASH_COOKIE)?.value : undefined;
  if (flash) headers.set(FLASH_HEADER, flash);
  else headers.delete(FLASH_HEADER);
  const policy =
    env.NODE_ENV === 'development' ? null : nonceDocumentPolicy(randomBytes(18).toString('base64'));
  if (policy) headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  if (policy) response.headers.set('Content-Security-Policy', policy);
  else response.headers.set('Content-Security-Policy', securityPolicyFor(request.nextUrl.pathname));
  if (flash) response.cookies.set(FLASH_COOKIE, '', { path: '/admin', maxAge: 0 });
  return response;
}

export const config = {
  // Hashed static assets need no policy of their own (they are not documents), and API routes get
  // their deny-all policy from next.config.ts, so lead, chat and voice posts skip the proxy.
  matcher: ['/((?!_next/static|_next/image|api/).*)'],
};
