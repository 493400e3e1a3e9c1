import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { announcementDismissScript, announcementPrePaintScript } from '@/lib/announcement';
import { utmCaptureScript } from '@/lib/attribution';
import { dialogScript } from '@/lib/dialog-script';
import { SiteChrome } from './site-chrome';
import { TagManager } from './tag-manager';

/**
 * Everything a public page has around its content, for the (site) layout and the not-found page.
 * The pre-paint script comes first in <body>: it runs before the announcement bar is parsed, so a
 * dismissed bar is never painted (and the visit's utm values are kept); its dismiss button, the
 * preview dialog's opening and its frame work from the first paint, before the framework's scripts arrive.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <>
      <script
        dangerouslySetInnerHTML={{
          __html: `${announcementPrePaintScript};${announcementDismissScript};${dialogScript};${utmCaptureScript}`,
        }}
      />
      <SiteChrome>{children}</SiteChrome>
      <TagManager containerId={siteConfig.gtmId} />
    </>
  );
}
