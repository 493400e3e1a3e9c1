import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { env } from '@/env';
import { isDatabaseUnavailable } from '@/server/db/client';
import { getAuth } from './auth';
import { endSession } from './operators';
import { ADMIN_PATH_HEADER } from './request-check';

/** The signed-in operator and their session, as the inbox's pages and actions see them. */
export type OperatorSession = {
  operator: { id: string; email: string; name: string };
  session: { token: string; csrfToken: string; createdAt: Date; expiresAt: Date };
};

/**
 * The operator behind a request's session cookie, or null. A session ends when its row expires
 * (ADMIN_SESSION_IDLE_MINUTES, extended as it is used) or ADMIN_SESSION_MAX_HOURS after sign-in;
 * an ended session is deleted so it cannot come back.
 */
export async function currentOperator(requestHeaders: Headers): Promise<OperatorSession | null> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: requestHeaders });
  if (!found) return null;
  const { session, user } = found;
  if (
    Date.now() - new Date(session.createdAt).getTime() >
    env.ADMIN_SESSION_MAX_HOURS * 3_600_000
  ) {
    await endSession(session.token);
    return null;
  }
  return {
    operator: { id: user.id, email: user.email, name: user.name },
    session: {
      token: session.token,
      csrfToken: session.csrfToken,
      createdAt: new Date(session.createdAt),
      expiresAt: new Date(session.expiresAt),
    },
  };
}

/** Where an inbox page goes while the database does not answer: a page saying so, then back. */
const unavailablePath = (next: string) =>
  `/admin/unavailable?${new URLSearchParams({ next: safeReturnPath(next) })}`;

/**
 * The request's operator, looked up once however many layouts, pages and components ask. While the
 * database does not answer, the page says so instead (a render that threw would be a 500 that is
 * blank without JavaScript).
 */
export const pageOperator = cache(async () => {
  try {
    return await currentOperator(await headers());
  } catch (error) {
    if (isDatabaseUnavailable(error)) redirect(unavailablePath(await requestedPath()));
    throw error;
  }
});

/** The inbox path this request was made to (for a redirect back to it), '/admin' when unknown. */
export async function requestedPath(): Promise<string> {
  return safeReturnPath((await headers()).get(ADMIN_PATH_HEADER));
}

/** Where a visitor without a session goes: the sign-in page, which then returns to `next`. */
export const signInPath = (next: string) =>
  `/admin/sign-in?${new URLSearchParams({ next: safeReturnPath(next) })}`;

/**
 * The operator, or a redirect to sign in and back. Each page asks as well as the layout (one
 * lookup), since a navigation inside the inbox may render a page without its layout.
 */
export async function requireOperator(): Promise<OperatorSession> {
  const signedIn = await pageOperator();
  if (!signedIn) redirect(signInPath(await requestedPath()));
  return signedIn;
}

/** Whether the request carries a session cookie (the sign-in page then says the session ended). */
export async function hasSessionCookie(): Promise<boolean> {
  return /(?:^|;\s*)(?:__Secure-)?admin\.session_token=[^;]/.test(
    (await headers()).get('cookie') ?? '',
  );
}

/** Whether a posted anti-forgery token is this session's (compared in constant time). */
export function csrfTokenMatches(session: OperatorSession['session'], posted: unknown): boolean {
  if (typeof posted !== 'string') return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(posted);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Where to go back to: only a path inside the inbox, never another site, the sign-in or the
 * unavailable page. Checked as the browser resolves it, so '/admin/../x' is not inside.
 */
export function safeReturnPath(value: unknown): string {
  const resolved =
    typeof value === 'string' && value.length <= 2000 && value.startsWith('/')
      ? URL.parse(value, 'http://inbox.invalid')
      : null;
  const path = resolved ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '';
  return resolved?.host === 'inbox.invalid' &&
    /^\/admin(?:[/?#]|$)/.test(path) &&
    !path.startsWith('/admin/sign-in') &&
    !path.startsWith('/admin/unavailable')
    ? path
    : '/admin';
}
