import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { headers } from 'next/headers';
import { cache } from 'react';
import { redirect } from 'next/navigation';
import { env } from '@/env';
import { getAuth } from './auth';

/** The signed-in operator and their session, as the inbox's pages and endpoints see them. */
export type OperatorSession = {
  operator: { id: string; email: string; name: string };
  session: { token: string; csrfToken: string; createdAt: Date; expiresAt: Date };
};

/**
 * The operator behind a request's session cookie, or null. A session ends when its row expires (the
 * idle limit, ADMIN_SESSION_IDLE_MINUTES, extended as it is used) or ADMIN_SESSION_MAX_HOURS after
 * sign-in, whichever comes first; an ended session is deleted so it cannot come back.
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
    await (await auth.$context).internalAdapter.deleteSession(session.token);
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

/** The page request's operator, looked up once however many components ask. */
const pageOperator = cache(async () => currentOperator(await headers()));

/** For an inbox page: the operator, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireOperator(returnTo: string): Promise<OperatorSession> {
  const signedIn = await pageOperator();
  if (!signedIn) {
    // A session cookie that no longer opens a session: it expired or was signed out elsewhere.
    const ended = (await headers()).get('cookie')?.includes('session_token=') ?? false;
    redirect(
      `/admin/sign-in?${new URLSearchParams({ ...(ended ? { error: 'expired' } : {}), next: returnTo })}`,
    );
  }
  return signedIn;
}

/** The page request's operator or null (the sign-in page sends a signed-in operator on). */
export const optionalOperator = pageOperator;

/** Whether a posted anti-forgery token is this session's (compared in constant time). */
export function csrfTokenMatches(session: OperatorSession['session'], posted: unknown): boolean {
  if (typeof posted !== 'string') return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(posted);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Where to go after signing in: only a path inside the inbox, never another site. */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' &&
    /^\/admin(?:[/?#]|$)/.test(value) &&
    !value.startsWith('/admin/sign-in')
    ? value
    : '/admin';
}
