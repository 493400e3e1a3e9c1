'use server';

import { z } from 'zod';
import { formNames } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { operatorAction, type ActionOutcome } from '@/server/admin/action';
import { sendTestEvent } from '@/server/leads/overview';

/** The overview's own change: a test event to one form's webhook (its re-send buttons are the inbox's). */
export const testEvent = operatorAction(
  'test-event',
  z.object({ form: z.enum(leadForms as [string, ...string[]]) }),
  async (input): Promise<ActionOutcome> => {
    const form = input.form as (typeof leadForms)[number];
    const result = await sendTestEvent(form);
    if (!result.sent) return { flash: { code: 'no_webhook' } };
    const values = { form: formNames[form], ms: result.durationMs };
    return {
      flash: result.ok
        ? { code: 'test_ok', values: { ...values, status: result.httpStatus ?? 0 } }
        : {
            code: 'test_failed',
            values: {
              ...values,
              error: (result.error ?? 'no answer')
                .replace(/[^A-Za-z0-9 ():._-]/g, '')
                .slice(0, 120),
            },
          },
      audit: [
        {
          action: 'test_event_sent',
          target: form,
          detail: {
            ok: result.ok,
            http_status: result.httpStatus,
            duration_ms: result.durationMs,
          },
        },
      ],
    };
  },
);
