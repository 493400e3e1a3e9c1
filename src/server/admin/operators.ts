import 'server-only';
import { domainToASCII } from 'node:url';
import { isAPIError } from 'better-auth/api';
import { asc, sql } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { auditLog, operators } from '@/server/db/schema';
import { isEmailAddress } from '@/lib/validation';
import { getAuth, MAX_PASSWORD_LENGTH, MIN_PASSWORD_DISTINCT, MIN_PASSWORD_LENGTH } from './auth';

/**
 * Operators, their passwords and sessions: the one module that reaches into better-auth, for the
 * command line and the inbox alike. Functions that start or end a session return better-auth's
 * Set-Cookie lines for the caller to send.
 */

export class OperatorError extends Error {
  override name = 'OperatorError';
}

/**
 * An email as operators are stored and looked up: trimmed, lower case, its domain in ASCII
 * (punycode, xn--...), as a browser's email field sends an international domain.
 */
export function canonicalEmail(value: string): string {
  const email = value.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  const domain = at > 0 ? domainToASCII(email.slice(at + 1)) : '';
  return domain ? `${email.slice(0, at)}@${domain}` : email;
}

/** A new or named operator's email, canonical; throws when it is not one they could sign in with. */
function operatorEmail(value: string | undefined): string {
  const email = canonicalEmail(value ?? '');
  if (!isEmailAddress(email))
    throw new OperatorError('give the operator’s email address, e.g. ana@agency.example');
  // A browser's email field refuses any other character before the @, so sign-in could not send it.
  if (!/^[\x21-\x7e]+$/.test(email))
    throw new OperatorError(
      `${email} cannot be typed into the sign-in form: browsers take only plain ASCII before the @. ` +
        'Give the inbox another address.',
    );
  return email;
}

/** Why a password cannot be used, or null. */
export function passwordProblem(
  password: string,
): 'password_short' | 'password_long' | 'password_repetitive' | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'password_short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'password_long';
  if (new Set(password).size < MIN_PASSWORD_DISTINCT) return 'password_repetitive';
  return null;
}

const passwordRefusals = {
  password_short: `the password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  password_long: `the password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  password_repetitive: `the password must use at least ${MIN_PASSWORD_DISTINCT} different characters`,
} as const;

export async function findOperator(email: string): Promise<{ id: string; email: string } | null> {
  const context = await (await getAuth()).$context;
  const found = await context.internalAdapter.findUserByEmail(canonicalEmail(email));
  return found ? { id: found.user.id, email: found.user.email } : null;
}

export async function addOperator(emailInput: string, password: string): Promise<string> {
  const email = operatorEmail(emailInput);
  const problem = passwordProblem(password);
  if (problem) throw new OperatorError(passwordRefusals[problem]);
  const context = await (await getAuth()).$context;
  if (await context.internalAdapter.findUserByEmail(email))
    throw new OperatorError(`${email} is already an operator`);
  const user = await context.internalAdapter.createUser(
    { email, name: email, emailVerified: true },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(password),
  });
  return email;
}

/** Removes an operator; their sessions and password go with them (foreign keys cascade). */
export async function removeOperator(emailInput: string): Promise<string> {
  const email = operatorEmail(emailInput);
  const context = await (await getAuth()).$context;
  const found = await context.internalAdapter.findUserByEmail(email);
  if (!found) throw new OperatorError(`${email} is not an operator`);
  await context.internalAdapter.deleteUser(found.user.id);
  return email;
}

export async function listOperators(): Promise<
  Array<{ email: string; added: Date; lastSignIn: Date | null }>
> {
  const { db } = await getDatabase();
  const rows = await db
    .select({
      email: operators.email,
      added: operators.createdAt,
      lastSignIn: sql<Date | string | null>`max(${auditLog.at})`,
    })
    .from(operators)
    .leftJoin(
      auditLog,
      sql`${auditLog.actor} = ${operators.email} AND ${auditLog.action} = 'sign_in'`,
    )
    .groupBy(operators.id)
    .orderBy(asc(operators.email));
  return rows.map((row) => ({
    email: row.email,
    added: new Date(row.added),
    lastSignIn: row.lastSignIn ? new Date(row.lastSignIn) : null,
  }));
}

/** Checks the password and starts a session: its cookies, or null when either is wrong. */
export async function startSession(
  email: string,
  password: string,
  requestHeaders: Headers,
): Promise<{ email: string; cookies: string[] } | null> {
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { email: response.user.email, cookies: headers.getSetCookie() };
  } catch (error) {
    if (isAPIError(error)) return null;
    throw error;
  }
}

/** Ends one session (its token), e.g. one past the absolute limit. */
export async function endSession(token: string): Promise<void> {
  const context = await (await getAuth()).$context;
  await context.internalAdapter.deleteSession(token);
}

/** Signs the operator out of every session everywhere; returns the cookies to clear. */
export async function endEverySession(
  operatorId: string,
  requestHeaders: Headers,
): Promise<string[]> {
  const auth = await getAuth();
  const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
  await (await auth.$context).internalAdapter.deleteUserSessions(operatorId);
  return headers.getSetCookie();
}

/**
 * Changes the signed-in operator's password and ends their other sessions: the new session's
 * cookies, or null when the current password is wrong.
 */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
  requestHeaders: Headers,
): Promise<string[] | null> {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return headers.getSetCookie();
  } catch (error) {
    if (isAPIError(error)) return null;
    throw error;
  }
}
