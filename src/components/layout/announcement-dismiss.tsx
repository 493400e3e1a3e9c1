'use client';

import { X } from 'lucide-react';
import { ANNOUNCEMENT_STORAGE_KEY } from '@/lib/announcement';
import { uiCopy } from '@/content/ui';

export function AnnouncementDismiss() {
  return (
    <button
      type="button"
      aria-label={uiCopy.dismissAnnouncement}
      className="absolute top-1/2 right-1 grid size-11 -translate-y-1/2 place-items-center rounded-full text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white"
      onClick={() => {
        try {
          localStorage.setItem(ANNOUNCEMENT_STORAGE_KEY, String(Date.now()));
        } catch {
          // Storage can be blocked; the bar still hides for this page view.
        }
        document.documentElement.dataset.announcement = 'dismissed';
        // The button disappears with the bar: keep keyboard users at the top of the page.
        document.querySelector<HTMLElement>('[data-logo-link]')?.focus();
      }}
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
