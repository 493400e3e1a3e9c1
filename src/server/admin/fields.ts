import 'server-only';
import { z } from 'zod';
import { leadForms } from '@/lib/lead-forms';
import { isUuid } from '@/lib/uuid';
import { leadStages, type LeadStage } from '@/server/db/schema';

/** The zod pieces the inbox's action schemas are made of. */

export const leadId = z
  .string()
  .refine(isUuid, 'not_found')
  .transform((id) => id.toLowerCase());

const list = (value: unknown) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Ticked rows: one id or several (a checkbox sent once per ticked box), at most a page's worth. */
export const leadIds = z.preprocess(
  list,
  z.array(leadId).min(1, 'none_selected').max(200, 'invalid'),
);

export const stage = z.enum(leadStages);

/** A row's status as the list shows it, posted beside its tick box (read by shownStages). */
export const shownStage = (id: string, status: LeadStage) => `${id}:${status}`;

/** Each row's status as the list showed it (shownStage), for setStage's `shown`. */
export const shownStages = z.preprocess(
  list,
  z
    .array(z.string().max(64))
    .max(200, 'invalid')
    .transform((values) => {
      const shown = new Map<string, LeadStage>();
      for (const value of values) {
        const [id = '', status = ''] = value.split(':');
        const parsed = stage.safeParse(status);
        if (isUuid(id) && parsed.success) shown.set(id.toLowerCase(), parsed.data);
      }
      return shown;
    }),
);

/** A form, or '' for every form. */
export const formOrAll = z
  .union([z.enum(leadForms as [string, ...string[]]), z.literal('')])
  .optional()
  .transform((value) => (value ? (value as (typeof leadForms)[number]) : undefined));

/** A box that must be ticked: its value is 'yes'. */
export const confirmed = z.literal('yes', { error: 'confirm_required' });
