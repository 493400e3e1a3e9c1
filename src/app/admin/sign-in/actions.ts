'use server';

import { headers } from 'next/headers';
import { redirect, unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { postedForm } from '@/server/admin/action';
import { sendCookies } from '@/server/admin/cookies';
import { signIn } from '@/server/admin/credentials';
import { flashText, setFlash, type Flash } from '@/server/admin/flash';
import { isForeignRequest } from '@/server/admin/request-check';
import { safeReturnPath, signInPath } from '@/server/admin/session';
import { describeError, log } from '@/server/log';

const fields = z.object({
  // No address holds NUL, and the database cannot be asked about one.
  email: z
    .string()
    .max(320)
    .refine((email) => !email.includes('\u0000')),
  password: z.string().max(4096),
  next: z.string().optional(),
});

/**
 * Signing in: the one inbox action without a session, so without an anti-forgery token; it is
 * refused from another site (a page there could otherwise sign the operator's browser in to an
 * account of its choosing). Back to where the operator was going, or to this page with why not.
 */
export async function signInWithPassword(posted: FormData): Promise<void> {
  const requestHeaders = await headers();
  const formData = postedForm(posted);
  const parsed = fields.safeParse({
    email: formData.get('email') ?? '',
    password: formData.get('password') ?? '',
    next: formData.get('next') ?? undefined,
  });
  const next = safeReturnPath(parsed.data?.next);
  let flash: Flash;
  try {
    if (isForeignRequest(requestHeaders)) flash = { code: 'cross_site' };
    else if (!parsed.success) flash = { code: 'invalid_credentials' };
    else {
      const outcome = await signIn(parsed.data.email, parsed.data.password, requestHeaders);
      log('info', 'admin.action', {
        action: 'sign-in',
        result: outcome.ok ? 'signed_in' : outcome.flash.code,
      });
      if (outcome.ok) {
        await sendCookies(outcome.cookies);
        redirect(next);
      }
      // The address comes back to the form, so only the password is typed again.
      const email = parsed.data.email.trim();
      flash =
        flashText(email) === email
          ? { ...outcome.flash, values: { ...outcome.flash.values, email } }
          : outcome.flash;
    }
  } catch (error) {
    unstable_rethrow(error);
    log('error', 'admin.action_failed', { action: 'sign-in', error: describeError(error) });
    flash = { code: 'unavailable' };
  }
  await setFlash(flash);
  redirect(signInPath(next));
}
