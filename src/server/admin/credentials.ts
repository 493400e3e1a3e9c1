import 'server-only';
import type { Flash } from './flash';
import {
  canonicalEmail,
  changePassword,
  findOperator,
  passwordProblem,
  startSession,
} from './operators';
import { attemptKeys, reserveAttempt, settleAttempt } from './throttle';
import type { OperatorSession } from './session';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_DISTINCT, MIN_PASSWORD_LENGTH } from './auth';

/**
 * The two password checks, signing in and changing it, both under the password limits
 * (throttle.ts) and audited. A wrong password and an unknown email get the same answer.
 */

type CredentialOutcome = { ok: true; cookies: string[] } | { ok: false; flash: Flash };

const limited = (retryAfterSeconds: number): CredentialOutcome => ({
  ok: false,
  flash: {
    code: 'rate_limited',
    values: { minutes: Math.min(15, Math.max(1, Math.ceil(retryAfterSeconds / 60))) },
  },
});

export async function signIn(
  emailInput: string,
  password: string,
  requestHeaders: Headers,
): Promise<CredentialOutcome> {
  const email = canonicalEmail(emailInput);
  const keys = await attemptKeys(email, requestHeaders);
  const attempt = await reserveAttempt('sign_in_failed', 'unknown account', keys);
  if (attempt.refused) return limited(attempt.retryAfterSeconds);
  const started =
    password.length <= MAX_PASSWORD_LENGTH
      ? await startSession(email, password, requestHeaders)
      : null;
  if (started) {
    await settleAttempt(attempt, {
      actor: started.email,
      action: 'sign_in',
      detail: { address: keys.address, pair: keys.pair },
    });
    return { ok: true, cookies: started.cookies };
  }
  const known = await findOperator(email);
  await settleAttempt(attempt, {
    actor: known ? known.email : 'unknown account',
    action: 'sign_in_failed',
  });
  return { ok: false, flash: { code: 'invalid_credentials' } };
}

/**
 * Changes the operator's password, ending their other sessions. A wrong current password counts
 * like a failed sign-in, so a session left open cannot be used to guess it.
 */
export async function changeOwnPassword(
  who: OperatorSession,
  passwords: { current: string; next: string; confirm: string },
  requestHeaders: Headers,
): Promise<CredentialOutcome> {
  const problem = passwordProblem(passwords.next);
  if (problem)
    return {
      ok: false,
      flash: {
        code: problem,
        values: {
          min: MIN_PASSWORD_LENGTH,
          max: MAX_PASSWORD_LENGTH,
          distinct: MIN_PASSWORD_DISTINCT,
        },
      },
    };
  if (passwords.next !== passwords.confirm)
    return { ok: false, flash: { code: 'password_mismatch' } };
  const email = who.operator.email;
  const keys = await attemptKeys(email, requestHeaders);
  const attempt = await reserveAttempt('password_change_failed', email, keys);
  if (attempt.refused) return limited(attempt.retryAfterSeconds);
  const cookies =
    passwords.current.length <= MAX_PASSWORD_LENGTH
      ? await changePassword(passwords.current, passwords.next, requestHeaders)
      : null;
  if (!cookies) {
    await settleAttempt(attempt, { actor: email, action: 'password_change_failed' });
    return { ok: false, flash: { code: 'wrong_password' } };
  }
  await settleAttempt(attempt, { actor: email, action: 'password_changed', detail: {} });
  return { ok: true, cookies };
}
