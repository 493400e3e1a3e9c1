'use client';

import { ExternalLink, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClass } from './button-styles';
import { ModalDialog } from './modal-dialog';
import { uiCopy } from '@/content/ui';

/**
 * A Preview button that opens the web app in a modal of 94vw x 84vh (SPEC
 * section 9). The frame gets its src only while open, so the app is never
 * loaded unasked.
 */
export function AppPreview({ url, label, title }: { url: string; label: string; title: string }) {
  const [openUrl, setOpenUrl] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpenUrl(null);

  return (
    <>
      <button type="button" onClick={() => setOpenUrl(url)} className={buttonClass('secondary', 'md')}>
        {label}
      </button>
      <ModalDialog
        open={openUrl !== null}
        onClose={close}
        labelledBy="app-preview-title"
        initialFocusRef={closeRef}
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
              <button ref={closeRef} type="button" onClick={close} className={buttonClass('primary', 'sm')}>
                <X aria-hidden="true" className="size-4" />
                {uiCopy.close}
              </button>
            </div>
          </div>
          {openUrl && <iframe src={openUrl} title={title} className="w-full flex-1 border-0" />}
        </div>
      </ModalDialog>
    </>
  );
}
