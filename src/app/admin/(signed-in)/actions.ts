'use server';

import { z } from 'zod';
import { stageLabels } from '@/content/admin';
import type { LeadForm } from '@/lib/lead-forms';
import { operatorAction, type ActionOutcome } from '@/server/admin/action';
import { sendCookies } from '@/server/admin/cookies';
import { formOrAll, leadIds, stage } from '@/server/admin/fields';
import { endEverySession } from '@/server/admin/operators';
import { deliverSkipped, requeueFailed, setSpam } from '@/server/leads/actions';
import { setStage } from '@/server/leads/workbench';

/** The inbox's changes: sign-out (from every page's header), the selected rows, the delivery queue. */

export const signOut = operatorAction('sign-out', z.object({}), async (_input, who, request) => {
  await sendCookies(await endEverySession(who.operator.id, request));
  return { flash: { code: 'signed_out' }, to: '/admin/sign-in', audit: [{ action: 'sign_out' }] };
});

export const changeSelected = operatorAction(
  'change-selected',
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('stage'), ids: leadIds, stage }),
    z.object({ op: z.enum(['spam', 'not_spam']), ids: leadIds }),
  ]),
  async (input): Promise<ActionOutcome> => {
    if (input.op === 'stage') {
      const changes = await setStage(input.ids, input.stage);
      return {
        flash: {
          code: 'stages_saved',
          values: { stage: stageLabels[input.stage], count: changes.length },
        },
        audit: changes.map(({ id, from, to }) => ({
          action: 'lead_status_changed' as const,
          target: id,
          detail: { from, to },
        })),
      };
    }
    const spam = input.op === 'spam';
    const marked: string[] = [];
    for (const id of input.ids) if (await setSpam(id, spam)) marked.push(id);
    return {
      flash: { code: spam ? 'bulk_spam' : 'bulk_not_spam', values: { count: marked.length } },
      audit: marked.map((id) => ({
        action: spam ? ('lead_marked_spam' as const) : ('lead_marked_not_spam' as const),
        target: id,
      })),
    };
  },
);

/** Puts one kind of delivery back in the queue, for one form or all, and says how many. */
function queueAgain(
  name: string,
  queue: (options: { form?: LeadForm }) => Promise<number>,
  code: 'requeued' | 'skipped_queued',
  action: 'failed_requeued' | 'skipped_requeued',
) {
  return operatorAction(name, z.object({ form: formOrAll }), async ({ form }) => {
    const count = await queue({ form });
    return {
      flash: { code, values: { count } },
      audit: [{ action, target: form ?? null, detail: { count } }],
    };
  });
}

export const resendFailed = queueAgain(
  'requeue-failed',
  requeueFailed,
  'requeued',
  'failed_requeued',
);
export const queueSkipped = queueAgain(
  'deliver-skipped',
  deliverSkipped,
  'skipped_queued',
  'skipped_requeued',
);
