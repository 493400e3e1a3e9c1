'use client';

import { ExternalLink, X } from 'lucide-react';
import type { MouseEvent } from 'react';
import { dialogFrameSlot } from '@/lib/dialog-script';
import { buttonClass } from './button-styles';
import { ModalDialog } from './modal-dialog';
import { uiCopy } from '@/content/ui';

const DIALOG_ID = 'app-preview';

/**
 * Browsers without invoker commands (before Chromium 135, Firefox 144, Safari 26.2) get the
 * button's command from script once hydrated; the toggle event has the frame loaded or unloaded.
 */
function commandFallback(event: MouseEvent<HTMLButtonElement>) {
  if ('commandForElement' in HTMLButtonElement.prototype) return;
  const button = event.currentTarget;
  const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
  if (!(dialog instanceof HTMLDialogElement)) return;
  if (button.getAttribute('command') === 'show-modal') dialog.showModal();
  else dialog.close();
  dialog.dispatchEvent(new Event('toggle'));
}

/**
 * Preview and the web-app modal (docs/product.md section 5.1), opened with invoker commands and
 * lib/dialog-script.ts from the first paint. Without JavaScript the frame could not wait to be
 * asked for, so Preview is hidden; the app link beside it still works.
 */
export function AppPreview({
  url,
  label,
  spoken,
  title,
}: {
  url: string;
  label: string;
  /** What the label previews, for screen readers only ("Preview the web app"). */
  spoken: string;
  title: string;
}) {
  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={DIALOG_ID}
        aria-haspopup="dialog"
        onClick={commandFallback}
        className={buttonClass('secondary', 'md', 'noscript:hidden')}
      >
        {label}
        <span className="sr-only"> {spoken}</span>
      </button>
      <ModalDialog
        id={DIALOG_ID}
        labelledBy="app-preview-title"
        className="h-[84vh] w-[94vw] overflow-hidden rounded-2xl"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-ink-200 px-4 py-2">
            <h2 id="app-preview-title" className="font-semibold text-ink-900">
              {title}
            </h2>
            <div className="flex items-center gap-2">
              <a href={url} className={buttonClass('ghost', 'sm')}>
                {uiCopy.openInFull}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
              {/* autoFocus: where the platform puts focus when the dialog opens. */}
              <button
                type="button"
                command="close"
                commandfor={DIALOG_ID}
                onClick={commandFallback}
                autoFocus
                className={buttonClass('primary', 'sm')}
              >
                <X aria-hidden="true" className="size-4" />
                {uiCopy.close}
              </button>
            </div>
          </div>
          <div
            {...dialogFrameSlot(url, title)}
            className="min-h-0 flex-1 *:block *:size-full *:border-0"
            dangerouslySetInnerHTML={{ __html: '' }}
          />
        </div>
      </ModalDialog>
    </>
  );
}
