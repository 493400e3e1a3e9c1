'use client';

import { useEffect, useRef } from 'react';

/**
 * What the last action reported (the typed flash), announced politely, or assertively when it
 * failed. It takes the focus when it appears: the button pressed may be a screen below it, and the
 * client router keeps the scroll position. Keyed by the flash's id, so each action's is new.
 * Without JavaScript, autofocus does the same on the page a plain form post lands on, where a live
 * region present from the start would not be read.
 */
export function FlashMessage({
  flash,
}: {
  flash: { tone: 'notice' | 'error'; text: string } | null;
}) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  if (!flash) return null;
  const tone =
    flash.tone === 'notice'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
      : 'border-red-300 bg-red-50 text-red-800';
  return (
    <p
      ref={message}
      tabIndex={-1}
      autoFocus
      role={flash.tone === 'notice' ? 'status' : 'alert'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium outline-none ${tone}`}
    >
      {flash.text}
    </p>
  );
}
