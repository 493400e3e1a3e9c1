'use server';

import { z } from 'zod';
import { stageLabels } from '@/content/admin';
import { operatorAction, type ActionOutcome } from '@/server/admin/action';
import { sendCookies } from '@/server/admin/cookies';
import { clearDraft, workDraft } from '@/server/admin/draft';
import { formOrAll, leadId, leadIds, shownStages, stage } from '@/server/admin/fields';
import { endEverySession } from '@/server/admin/operators';
import { requestedPath } from '@/server/admin/session';
import {
  deliverSkipped as queueSkippedJobs,
  sendNow as sendJobsNow,
  setSpam,
} from '@/server/leads/actions';
import { inboxListPathOf } from '@/server/leads/queries';
import { setStage } from '@/server/leads/workbench';

/** The inbox's changes: sign-out (from every page's header), the selected rows, the delivery queue. */

export const signOut = operatorAction('sign-out', z.object({}), async (_input, who, request) => {
  await sendCookies(await endEverySession(who.operator.id, request));
  // What was kept from an ended session (draft.ts) is not left for the browser's next user.
  await clearDraft();
  return { flash: { code: 'signed_out' }, to: '/admin/sign-in', audit: [{ action: 'sign_out' }] };
});

/** The list the change was made from, with no box ticked ('Tick all' not carried over). */
const sameListUnticked = async () => inboxListPathOf(await requestedPath());

export const changeSelected = operatorAction(
  'change-selected',
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('stage'), ids: leadIds, stage, shown: shownStages }),
    z.object({ op: z.enum(['spam', 'not_spam']), ids: leadIds }),
  ]),
  async (input): Promise<ActionOutcome> => {
    if (input.op === 'stage') {
      const { changes, stale } = await setStage(input.ids, input.stage, { shown: input.shown });
      const values = {
        stage: stageLabels[input.stage],
        count: changes.length,
        others: stale.length,
      };
      const code = stale.length
        ? 'stages_stale'
        : changes.length
          ? 'stages_saved'
          : 'stages_unchanged';
      return {
        flash: { code, values },
        to: await sameListUnticked(),
        audit: changes.map(({ id, from, to }) => ({
          action: 'lead_status_changed' as const,
          target: id,
          detail: { from, to },
        })),
      };
    }
    const spam = input.op === 'spam';
    const marked: string[] = [];
    for (const id of input.ids) if ((await setSpam(id, spam)) === 'changed') marked.push(id);
    return {
      flash: { code: spam ? 'bulk_spam' : 'bulk_not_spam', values: { count: marked.length } },
      to: await sameListUnticked(),
      audit: marked.map((id) => ({
        action: spam ? ('lead_marked_spam' as const) : ('lead_marked_not_spam' as const),
        target: id,
      })),
    };
  },
);

/**
 * 'Send now': every pending and failed job (every channel) of one lead, one form or all, attempted
 * at once, each keeping its attempt count; the lead's page and the inbox post it alike.
 */
export const sendNow = operatorAction(
  'send-now',
  z.object({ form: formOrAll, id: leadId.optional() }),
  async ({ form, id }): Promise<ActionOutcome> => {
    const sent = await sendJobsNow({ form, leadId: id });
    return {
      flash: !sent.attempted
        ? { code: 'nothing_to_send' }
        : {
            code: sent.delivered === sent.attempted ? 'sent_now' : 'sent_now_undelivered',
            values: sent,
          },
      audit: [{ action: 'sent_now', target: id ?? form ?? null, detail: sent }],
    };
  },
  // On a lead's page it sends the page's work form, whose note and status it leaves unsaved.
  { keep: workDraft },
);

/** 'Deliver skipped': jobs stored while their channel was not configured, queued now that it is. */
export const deliverSkipped = operatorAction(
  'deliver-skipped',
  z.object({ form: formOrAll }),
  async ({ form }): Promise<ActionOutcome> => {
    const count = await queueSkippedJobs({ form });
    return {
      flash: count ? { code: 'skipped_queued', values: { count } } : { code: 'nothing_skipped' },
      audit: [{ action: 'skipped_requeued', target: form ?? null, detail: { count } }],
    };
  },
);
