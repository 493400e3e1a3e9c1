'use server';

import { z } from 'zod';
import { operatorAction } from '@/server/admin/action';
import { confirmed } from '@/server/admin/fields';
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
    return {
      flash:
        count === 1
          ? { code: 'deleted_one_by_email' }
          : { code: 'deleted_by_email', values: { count } },
      audit: [{ action: 'leads_deleted_by_email', detail: { count } }],
    };
  },
);
