import { NextResponse, type NextRequest } from 'next/server';
import { securityPolicyFor } from '@/server/security/policy';

/**
 * Adds the Content-Security-Policy of the page being served (the hashes of its
 * own inline scripts and style; see src/server/security/). The other security
 * headers are static and set in next.config.ts.
 */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  response.headers.set('Content-Security-Policy', securityPolicyFor(request.nextUrl.pathname));
  return response;
}

export const config = {
  // Hashed static assets need no policy of their own (they are not documents), and API routes get
  // their constant deny-all policy from next.config.ts, so lead, chat and voice posts skip the proxy.
  matcher: ['/((?!_next/static|_next/image|api/).*)'],
};
