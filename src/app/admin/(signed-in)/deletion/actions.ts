'use server';

import { z } from 'zod';
import { operatorAction } from '@/server/admin/action';
import type { Draft } from '@/server/admin/draft';
import { confirmed } from '@/server/admin/fields';
import { flashText } from '@/server/admin/flash';
import { deleteLeadsByEmail } from '@/server/leads/actions';
import { readHidden } from '@/lib/visible-text';

/** A person's deletion request: every lead of the address, counted in the audit log, the address never. */
export const deleteByEmail = operatorAction(
  'delete-by-email',
  z.object({
    email: z.string().trim().min(1, 'email_required').max(320, 'invalid'),
    confirm: confirmed,
  }),
  async ({ email }) => {
    // An address the inbox shows with \u202e written out is deleted when entered as shown.
    const count = await deleteLeadsByEmail(readHidden(email));
    // None: the address goes back in its box (if a flash can carry it) to be checked for a typo.
    const kept: Record<string, string> = flashText(email) === email ? { email } : {};
    return {
      flash:
        count === 0
          ? { code: 'deleted_none', values: kept }
          : count === 1
            ? { code: 'deleted_one_by_email' }
            : { code: 'deleted_by_email', values: { count } },
      audit: [{ action: 'leads_deleted_by_email', detail: { count } }],
    };
  },
  // Refused (the box not ticked, the session ended), the address typed is back in its box; once
  // the request has run, it is not kept.
  { keep: ({ email }): Draft => (typeof email === 'string' ? { email } : {}), saves: true },
);
