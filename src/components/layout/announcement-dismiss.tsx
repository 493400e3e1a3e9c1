import { X } from '@/components/ui/svg-icons';
import { uiCopy } from '@/content/ui';

/**
 * The bar's close button, handled by the inline script first in <body> (lib/announcement.ts) so it works
 * before hydration. Hidden when scripts cannot run; the bar's padding reserves its space.
 */
export function AnnouncementDismiss() {
  return (
    <button
      type="button"
      data-announcement-dismiss
      aria-label={uiCopy.dismissAnnouncement}
      className="absolute top-1/2 right-1 grid size-11 -translate-y-1/2 place-items-center rounded-full text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white noscript:hidden"
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
