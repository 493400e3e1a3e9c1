'use client';

import { useEffect, useRef, type FocusEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { focusables } from './focusables';

/** A focus guard at one end of the dialog sends focus to the other end's first or last control. */
function wrapFocus(edge: 'first' | 'last') {
  return (event: FocusEvent<HTMLElement>) => {
    const dialog = event.currentTarget.closest('dialog');
    if (!dialog) return;
    const items = focusables(dialog);
    (edge === 'first' ? items[0] : items[items.length - 1])?.focus();
  };
}

/**
 * A modal on the native <dialog>, plus what the platform leaves out: a backdrop click closes it,
 * focus guards loop Tab inside (they also catch Tab in an iframe, which keydown cannot see), and
 * focus returns to the opener. Without `open`, invoker commands drive it by `id` before hydration.
 */
export function ModalDialog({
  id,
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocusRef,
  className,
  children,
}: {
  id?: string;
  open?: boolean;
  onClose?: () => void;
  labelledBy: string;
  describedBy?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || open === undefined) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      (initialFocusRef?.current ?? focusables(dialog)[0])?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      closedby="any"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={() => {
        onClose?.();
        openerRef.current?.focus();
      }}
      // The panel fills the dialog box, so a click on the <dialog> itself is on its ::backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
      className={cn(
        'm-auto max-h-none max-w-none bg-white p-0 shadow-2xl backdrop:bg-ink-950/70',
        className,
      )}
    >
      <span tabIndex={0} data-focus-guard="start" onFocus={wrapFocus('last')} className="sr-only" />
      {children}
      <span tabIndex={0} data-focus-guard="end" onFocus={wrapFocus('first')} className="sr-only" />
    </dialog>
  );
}
