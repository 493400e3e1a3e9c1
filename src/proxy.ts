import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/env';
import { nonceDocumentPolicy } from '@/server/security/csp';
import { securityPolicyFor } from '@/server/security/policy';

/** Adds the served page's Content-Security-Policy: docs/architecture.md, "Security". */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if ((pathname === '/admin' || pathname.startsWith('/admin/')) && env.NODE_ENV !== 'development') {
    const policy = nonceDocumentPolicy(randomBytes(18).toString('base64'));
    const headers = new Headers(request.headers);
    headers.set('Content-Security-Policy', policy);
    const response = NextResponse.next({ request: { headers } });
    response.headers.set('Content-Security-Policy', policy);
    return response;
  }
  const response = NextResponse.next();
  response.headers.set('Content-Security-Policy', securityPolicyFor(pathname));
  return response;
}

export const config = {
  // Hashed static assets need no policy of their own (they are not documents), and API routes get
  // their deny-all policy from next.config.ts, so lead, chat and voice posts skip the proxy.
  matcher: ['/((?!_next/static|_next/image|api/).*)'],
};
