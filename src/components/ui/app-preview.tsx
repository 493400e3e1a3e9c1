'use client';

import { ExternalLink, X } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import { buttonClass } from './button-styles';

/**
 * A Preview button that opens the web app in a modal (94vw x 84vh, SPEC
 * section 9) built on the native <dialog>: showModal() makes the page behind it
 * inert and handles Escape; this component adds backdrop-click closing, focus
 * guards so Tab and Shift+Tab loop inside (the framed app is a separate
 * document, so a keydown handler alone cannot see Tab pressed inside it), and
 * focus back on the opener when it closes.
 * The frame gets its src only while open, so the app is never loaded unasked.
 */
export function AppPreview({ url, label, title }: { url: string; label: string; title: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLAnchorElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [openUrl, setOpenUrl] = useState<string | null>(null);

  const open = () => {
    setOpenUrl(url);
    dialogRef.current?.showModal();
    closeRef.current?.focus();
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
        className="m-auto h-[84vh] max-h-none w-[94vw] max-w-none overflow-hidden rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-ink-950/70"
      >
        <span tabIndex={0} onFocus={() => (frameRef.current ?? closeRef.current)?.focus()} className="sr-only" />
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-ink-200 px-4 py-2">
            <h2 id="app-preview-title" className="font-semibold text-ink-900">
              {title}
            </h2>
            <div className="flex items-center gap-2">
              <a ref={firstRef} href={url} className={buttonClass('ghost', 'sm')}>
                Open in full
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
              <button ref={closeRef} type="button" onClick={close} className={buttonClass('primary', 'sm')}>
                <X aria-hidden="true" className="size-4" />
                Close
              </button>
            </div>
          </div>
          {openUrl && <iframe ref={frameRef} src={openUrl} title={title} className="w-full flex-1 border-0" />}
        </div>
        <span tabIndex={0} onFocus={() => firstRef.current?.focus()} className="sr-only" />
      </dialog>
    </>
  );
}
