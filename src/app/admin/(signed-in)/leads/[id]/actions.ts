'use server';

import { z } from 'zod';
import { stageLabels } from '@/content/admin';
import { noteText } from '@/lib/note-text';
import { operatorAction, type ActionOutcome } from '@/server/admin/action';
import { workDraft } from '@/server/admin/draft';
import { confirmed, leadId, stage } from '@/server/admin/fields';
import type { AuditRecord } from '@/server/audit';
import { deleteLead, resendLead, setSpam } from '@/server/leads/actions';
import { requestedPath } from '@/server/admin/session';
import { inboxListPathOf, showLead } from '@/server/leads/queries';
import { addNote, MAX_NOTE_CHARS, setStage } from '@/server/leads/workbench';

/**
 * A lead's page: its status, notes, re-send, spam, delete. Every button but Delete sends the page's
 * one work form, so what was typed or chosen there and not saved by the button pressed is kept
 * (draft.ts) and back on the page, with or without JavaScript.
 */

/**
 * The status and the note are one form: either button saves both when both were changed, so a note
 * typed before Save status (or a status chosen before Add note) is kept, with or without JavaScript.
 * `save` is the button pressed: it decides what is said when nothing else changed.
 */
export const saveWork = operatorAction(
  'save-work',
  z.object({
    id: leadId,
    save: z.enum(['stage', 'note']),
    stage,
    // The status the page showed when it was sent.
    from: stage.optional(),
    // A form posts each line break as CRLF, which the textarea's maxlength counts as one character.
    note: z
      .string()
      .optional()
      .transform((note) => noteText(note ?? '')),
  }),
  async ({ id, save, stage: to, from, note }, who): Promise<ActionOutcome> => {
    if (note.length > MAX_NOTE_CHARS)
      return { flash: { code: 'note_long', values: { max: MAX_NOTE_CHARS } } };
    const stageChosen = save === 'stage' || to !== from;
    if (!note && !stageChosen) return { flash: { code: 'note_empty' } };
    const audit: AuditRecord[] = [];
    if (note) {
      const noteId = await addNote(id, who.operator.email, note);
      if (!noteId) return { flash: { code: 'not_found' } };
      // That a note was added, not what it says: the audit log holds no lead's personal data.
      audit.push({ action: 'lead_note_added', target: id, detail: { note: noteId } });
    }
    if (!stageChosen) return { flash: { code: 'note_added' }, audit };
    const {
      changes: [change],
      stale: [changed],
    } = await setStage([id], to, { shown: new Map(from ? [[id, from]] : []) });
    const values = { stage: stageLabels[to] };
    if (change) {
      audit.push({ action: 'lead_status_changed', target: id, detail: { from: change.from, to } });
      return { flash: { code: note ? 'stage_saved_note_added' : 'stage_saved', values }, audit };
    }
    if (changed)
      return {
        flash: {
          code: note ? 'stage_conflict_note_added' : 'stage_conflict',
          values: { stage: stageLabels[changed.now], yours: stageLabels[to] },
        },
        audit,
      };
    if (note) return { flash: { code: 'note_added' }, audit };
    // Nothing changed: it had that status already, or it is gone (deleted in another tab).
    return { flash: { code: (await showLead(id)) ? 'stage_unchanged' : 'not_found', values } };
  },
  { keep: workDraft, saves: true },
);

export const resend = operatorAction(
  'resend',
  z.object({ id: leadId }),
  async ({ id }): Promise<ActionOutcome> => {
    const result = await resendLead(id);
    if (result === 'sent' || result === 'failed')
      return {
        flash: { code: result === 'sent' ? 'sent' : 'send_failed' },
        audit: [{ action: 'lead_resent', target: id, detail: { result } }],
      };
    return { flash: { code: result === 'spam' ? 'spam_lead' : result } };
  },
  { keep: workDraft },
);

export const markSpam = operatorAction(
  'spam',
  z.object({ id: leadId, spam: z.enum(['1', '0']) }),
  async ({ id, spam }): Promise<ActionOutcome> => {
    const isSpam = spam === '1';
    const result = await setSpam(id, isSpam);
    if (!result) return { flash: { code: 'not_found' } };
    if (result === 'unchanged')
      return { flash: { code: isSpam ? 'already_spam' : 'already_not_spam' } };
    return {
      flash: { code: isSpam ? 'marked_spam' : 'marked_not_spam' },
      audit: [{ action: isSpam ? 'lead_marked_spam' : 'lead_marked_not_spam', target: id }],
    };
  },
  { keep: workDraft },
);

export const removeLead = operatorAction(
  'delete',
  z.object({ id: leadId, confirm: confirmed }),
  async ({ id }): Promise<ActionOutcome> => {
    const count = await deleteLead(id);
    if (count === 0) return { flash: { code: 'not_found' } };
    return {
      flash: { code: 'deleted' },
      // Back to the list the lead was opened from: its page's address carries the list's.
      to: inboxListPathOf(await requestedPath()),
      audit: [{ action: 'lead_deleted', target: id, detail: { count } }],
    };
  },
);
