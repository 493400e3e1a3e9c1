'use client';

import { useEffect, useRef } from 'react';
import { noteText } from '@/lib/note-text';
import { labelClass } from './fields';

const HINT_ID = 'lead-note-restored';

/**
 * The lead's note box. What is typed is kept in this tab (sessionStorage) until it shows as the
 * lead's newest note, so a note sent after the session ended, or from a form gone stale, is back
 * in the box once the operator returns, not lost.
 */
export function NoteField({
  leadId,
  latestNote,
  kept,
  label,
  restoredHint,
  maxLength,
}: {
  leadId: string;
  /** The newest saved note's text: a draft equal to it was saved. */
  latestNote: string | null;
  /** A draft the server kept (sent after the session ended, without JavaScript too). */
  kept: string | null;
  label: string;
  restoredHint: string;
  maxLength: number;
}) {
  const key = `lead-note-draft:${leadId}`;
  const field = useRef<HTMLTextAreaElement>(null);
  const hint = useRef<HTMLParagraphElement>(null);

  // After every render: a redirect back to this page, or an empty box after a form reset.
  useEffect(() => {
    const draft = sessionStorage.getItem(key);
    const box = field.current;
    if (!draft || !box || !hint.current) return;
    // Saved means saved as stored: trimmed, its line breaks LF.
    const stored = noteText(draft);
    if (stored === '' || stored === latestNote) sessionStorage.removeItem(key);
    else if (box.value === '') {
      box.value = draft;
      hint.current.hidden = false;
      box.setAttribute('aria-describedby', HINT_ID);
    }
  });

  return (
    <>
      <label htmlFor="lead-note" className={labelClass}>
        {label}
      </label>
      <p ref={hint} id={HINT_ID} hidden={!kept} className="text-sm text-ink-700">
        {restoredHint}
      </p>
      <textarea
        ref={field}
        id="lead-note"
        name="note"
        rows={3}
        required
        defaultValue={kept ?? undefined}
        aria-describedby={kept ? HINT_ID : undefined}
        maxLength={maxLength}
        onInput={(event) => {
          const text = event.currentTarget.value;
          if (text) sessionStorage.setItem(key, text);
          else sessionStorage.removeItem(key);
        }}
        className="block w-full rounded-lg border border-ink-500 bg-white px-3 py-2 text-sm"
      />
    </>
  );
}
