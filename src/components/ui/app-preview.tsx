'use client';

import { ExternalLink, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { buttonClass } from './button-styles';

const FOCUSABLE = 'a[href], button:not([disabled]), iframe, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A Preview button that opens the web app in a modal (94vw x 84vh, SPEC
 * section 9) built on the native <dialog>: showModal() makes the page behind it
 * inert and handles Escape; this component adds backdrop-click closing, a Tab
 * loop so focus stays inside, and focus back on the opener when it closes.
 * The frame gets its src only while open, so the app is never loaded unasked.
 */
export function AppPreview({ url, label, title }: { url: string; label: string; title: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [openUrl, setOpenUrl] = useState<string | null>(null);

  const open = () => {
    setOpenUrl(url);
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  const onClose = () => {
    setOpenUrl(null);
    openerRef.current?.focus();
  };

  // A click whose target is the <dialog> itself landed on its ::backdrop,
  // because the panel inside covers the whole dialog box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <button ref={openerRef} type="button" onClick={open} className={buttonClass('secondary', 'md')}>
        {label}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="app-preview-title"
        onClose={onClose}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className="m-auto h-[84vh] max-h-none w-[94vw] max-w-none overflow-hidden rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-ink-950/70"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-ink-200 px-4 py-2">
            <h2 id="app-preview-title" className="font-semibold text-ink-900">
              {title}
            </h2>
            <div className="flex items-center gap-2">
              <a href={url} className={buttonClass('ghost', 'sm')}>
                Open in full
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
              <button type="button" onClick={close} className={buttonClass('primary', 'sm')}>
                <X aria-hidden="true" className="size-4" />
                Close
              </button>
            </div>
          </div>
          {openUrl && <iframe src={openUrl} title={title} className="w-full flex-1 border-0" />}
        </div>
      </dialog>
    </>
  );
}
