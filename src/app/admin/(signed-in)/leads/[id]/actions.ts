'use server';

import { z } from 'zod';
import { stageLabels } from '@/content/admin';
import { noteText } from '@/lib/note-text';
import { operatorAction, type ActionOutcome } from '@/server/admin/action';
import { confirmed, leadId, stage } from '@/server/admin/fields';
import { deleteLead, resendLead, setSpam } from '@/server/leads/actions';
import { requestedPath } from '@/server/admin/session';
import { inboxListPathOf, showLead } from '@/server/leads/queries';
import { addNote, MAX_NOTE_CHARS, setStage } from '@/server/leads/workbench';

/** A lead's page: its status, notes, re-send, spam, delete. */

export const saveStage = operatorAction(
  'save-status',
  // `from`: the status the page showed when it was sent.
  z.object({ id: leadId, stage, from: stage.optional() }),
  async ({ id, stage: to, from }): Promise<ActionOutcome> => {
    const {
      changes: [change],
      stale: [changed],
    } = await setStage([id], to, { shown: new Map(from ? [[id, from]] : []) });
    const values = { stage: stageLabels[to] };
    if (change)
      return {
        flash: { code: 'stage_saved', values },
        audit: [{ action: 'lead_status_changed', target: id, detail: { from: change.from, to } }],
      };
    if (changed)
      return {
        flash: {
          code: 'stage_conflict',
          values: { stage: stageLabels[changed.now], yours: stageLabels[to] },
        },
      };
    // Nothing changed: it had that status already, or it is gone (deleted in another tab).
    return { flash: { code: (await showLead(id)) ? 'stage_unchanged' : 'not_found', values } };
  },
);

export const addLeadNote = operatorAction(
  'add-note',
  // A form posts each line break as CRLF, which the textarea's maxlength counts as one character.
  z.object({ id: leadId, note: z.string().transform(noteText) }),
  async ({ id, note }, who): Promise<ActionOutcome> => {
    if (!note) return { flash: { code: 'note_empty' } };
    if (note.length > MAX_NOTE_CHARS)
      return { flash: { code: 'note_long', values: { max: MAX_NOTE_CHARS } } };
    const noteId = await addNote(id, who.operator.email, note);
    if (!noteId) return { flash: { code: 'not_found' } };
    // That a note was added, not what it says: the audit log holds no lead's personal data.
    return {
      flash: { code: 'note_added' },
      audit: [{ action: 'lead_note_added', target: id, detail: { note: noteId } }],
    };
  },
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
);

export const markSpam = operatorAction(
  'spam',
  z.object({ id: leadId, spam: z.enum(['1', '0']) }),
  async ({ id, spam }): Promise<ActionOutcome> => {
    const isSpam = spam === '1';
    if (!(await setSpam(id, isSpam))) return { flash: { code: 'not_found' } };
    return {
      flash: { code: isSpam ? 'marked_spam' : 'marked_not_spam' },
      audit: [{ action: isSpam ? 'lead_marked_spam' : 'lead_marked_not_spam', target: id }],
    };
  },
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
