'use server';

import { z } from 'zod';
import { formNames } from '@/content/admin';
import { formatUtc } from '@/lib/utc-time';
import { leadForms } from '@/lib/lead-forms';
import { operatorAction, type ActionOutcome } from '@/server/admin/action';
import { flashText } from '@/server/admin/flash';
import { sendTestChatMessage } from '@/server/outbox/chat-app';
import { sendTestEmail } from '@/server/outbox/email/test-email';
import { sendTestEvent } from '@/server/leads/overview';

/** The overview's own changes: a test event to one form's webhook, a test email, a test chat message. */
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
            values: { ...values, error: flashText(result.error ?? 'no answer') },
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

export const testEmail = operatorAction(
  'test-email',
  z.object({}),
  async (): Promise<ActionOutcome> => {
    const result = await sendTestEmail();
    if (!result.sent) {
      return {
        flash: { code: result.reason === 'email_off' ? 'email_off' : 'no_alert_recipient' },
        audit: [{ action: 'test_email_sent', detail: { ok: false, result: result.reason } }],
      };
    }
    const values = {
      to: flashText(result.to),
      at: formatUtc(result.at, { seconds: true }),
      ms: result.durationMs,
    };
    return {
      flash: result.ok
        ? { code: 'test_email_ok', values: { ...values, reply: flashText(result.reply ?? '') } }
        : {
            code: 'test_email_failed',
            values: { ...values, error: flashText(result.error ?? '') },
          },
      audit: [
        {
          action: 'test_email_sent',
          detail: {
            ok: result.ok,
            result: result.ok ? 'sent' : 'failed',
            duration_ms: result.durationMs,
          },
        },
      ],
    };
  },
);

export const testChat = operatorAction(
  'test-chat',
  z.object({}),
  async (): Promise<ActionOutcome> => {
    const result = await sendTestChatMessage();
    if (!result.sent) {
      return {
        flash: { code: 'chat_off' },
        audit: [{ action: 'test_chat_sent', detail: { ok: false, result: 'chat_off' } }],
      };
    }
    return {
      flash: result.ok
        ? {
            code: 'test_chat_ok',
            values: { status: result.httpStatus ?? 0, ms: result.durationMs },
          }
        : {
            code: 'test_chat_failed',
            values: { error: flashText(result.error ?? ''), ms: result.durationMs },
          },
      audit: [
        {
          action: 'test_chat_sent',
          detail: { ok: result.ok, http_status: result.httpStatus, duration_ms: result.durationMs },
        },
      ],
    };
  },
);
