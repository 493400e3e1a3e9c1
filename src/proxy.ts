import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/env';
import { refusalCopy } from '@/content/ui';
import {
  ADMIN_PATH_HEADER,
  FLASH_COOKIE,
  FLASH_HEADER,
  isForeignRequest,
} from '@/server/admin/request-check';
import { nonceDocumentPolicy } from '@/server/security/csp';
import { nonDocumentPolicy } from '@/server/security/non-document-policy';
import { pageActionIds, servesRoute } from '@/server/security/build';
import { securityPolicyFor } from '@/server/security/policy';

/** Adds the served page's Content-Security-Policy: docs/architecture.md, "Security". */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // An inbox path that is no page gets the prerendered 404, which carries the public policy's hashes.
  if ((pathname === '/admin' || pathname.startsWith('/admin/')) && servesRoute(pathname))
    return inbox(request);
  // The public pages are read, never posted to: Next.js would read a form post as a Server Action
  // and answer a malformed one with a 500. The forms post to /api/leads/, which skips the proxy.
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return plainRefusal(405, refusalCopy.readOnly, { Allow: 'GET, HEAD' });
  const response = NextResponse.next();
  response.headers.set('Content-Security-Policy', securityPolicyFor(pathname));
  return response;
}

/**
 * The inbox: a post from another site is refused here, before Next.js reads it (its own check
 * answers 500); the path asked for goes to the page on a header, for the way back after sign-in or
 * an action; a typed flash is cleared on the page that shows it.
 */
async function inbox(request: NextRequest) {
  if (request.method === 'POST' && isForeignRequest(request.headers, request.url))
    return plainRefusal(
      403,
      "Refused: changes to the inbox are only accepted from the inbox's own pages.\n",
    );
  if (request.method === 'POST') {
    // Another page's action: Next.js would forward the post to that page, on a connection of its own.
    const action = request.headers.get('next-action');
    if (action !== null && pageActionIds(request.nextUrl.pathname)?.includes(action) === false)
      return plainRefusal(404, refusalCopy.noSuchChange);
    const unreadable = await unreadablePost(request);
    if (unreadable) return unreadable;
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

// Next.js's own limit on a Server Action's body.
const ACTION_BODY_LIMIT = 1024 * 1024;

/**
 * A post to the inbox that Next.js would fail to read as a Server Action, with a 500: a body over
 * its limit, a form that is not one, or a scripted call's arguments (or their root) not JSON.
 */
async function unreadablePost(request: NextRequest): Promise<NextResponse | null> {
  // Read only when its length is known and within the limit: an unread body is never waited on.
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isInteger(length)) return plainRefusal(411, refusalCopy.lengthRequired);
  if (length > ACTION_BODY_LIMIT) return plainRefusal(413, refusalCopy.tooLarge);
  const type = request.headers.get('content-type') ?? '';
  const scripted = request.headers.has('next-action');
  try {
    if (/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
      const form = await request.clone().formData();
      // A scripted call sends its arguments as form data with their root, JSON, in field '0'.
      const root = form.get('0');
      if (scripted && /^multipart\//i.test(type)) JSON.parse(typeof root === 'string' ? root : '{');
    } else if (scripted) JSON.parse(await request.clone().text());
    return null;
  } catch {
    return plainRefusal(400, refusalCopy.unreadable);
  }
}

function plainRefusal(status: number, text: string, headers: Record<string, string> = {}) {
  return new NextResponse(`${text}\n`, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': nonDocumentPolicy,
      ...headers,
    },
  });
}

export const config = {
  // Hashed static assets need no policy of their own (they are not documents), and API routes get
  // their deny-all policy from next.config.ts, so lead, chat and voice posts skip the proxy.
  matcher: ['/((?!_next/static|_next/image|api/).*)'],
};
