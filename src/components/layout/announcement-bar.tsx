import { ArrowRight } from '@/components/ui/svg-icons';
import { announcement } from '@/content/nav';
import { uiCopy } from '@/content/ui';
import { withUtm } from '@/lib/utm';
import { TrackedLink } from '@/components/ui/tracked-link';
import { AnnouncementDismiss } from './announcement-dismiss';

/** Fixed bar above the header, hidden before first paint when dismissed (lib/announcement.ts). */
export function AnnouncementBar({ appUrl }: { appUrl: string }) {
  const href = withUtm(appUrl, {
    source: 'website',
    medium: 'announcement',
    campaign: 'global_bar',
  });
  return (
    <aside
      aria-label={uiCopy.announcement}
      data-announcement-bar
      className="announcement-bar fixed inset-x-0 top-0 z-50 flex h-(--bar-h) items-center bg-brand-800 text-white"
    >
      {/*
        Chromium may paint a partly parsed page, so nothing here is placed by what follows it: the
        text starts at the left edge, not centred around a link not yet parsed (a shift of
        0.0005-0.003), and the close button sits in space the padding reserves.
      */}
      <div className="relative mx-auto flex h-full w-full max-w-6xl items-center pl-4 pr-14 text-sm sm:pl-6">
        {/* A narrow screen may cut the lead-in; the link is never cut or covered. */}
        <p className="flex min-w-0 flex-1 items-center gap-1">
          <span className="min-w-0 truncate">
            <span className="sm:hidden">{announcement.shortText}</span>
            <span className="hidden sm:inline">{announcement.text}</span>
          </span>{' '}
          <TrackedLink
            href={href}
            event={{ event: 'cta_click', cta_id: 'global_bar_try_app' }}
            className="inline-flex shrink-0 items-center gap-1 font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {announcement.linkLabel}
            <ArrowRight aria-hidden="true" className="size-4" />
          </TrackedLink>
        </p>
        <AnnouncementDismiss />
      </div>
    </aside>
  );
}
