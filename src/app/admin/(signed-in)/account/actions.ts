'use server';

import { z } from 'zod';
import { operatorAction } from '@/server/admin/action';
import { sendCookies } from '@/server/admin/cookies';
import { changeOwnPassword } from '@/server/admin/credentials';

/** The account page: the operator's own password (its sign-out is every page's). */
export const changePassword = operatorAction(
  'password',
  z.object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  }),
  async (input, who, request) => {
    // Its audit entries (changed, or a wrong current password) are written with the password limit's.
    const outcome = await changeOwnPassword(
      who,
      { current: input.currentPassword, next: input.newPassword, confirm: input.confirmPassword },
      request,
    );
    if (!outcome.ok) return { flash: outcome.flash };
    await sendCookies(outcome.cookies);
    return { flash: { code: 'password_changed' } };
  },
);
