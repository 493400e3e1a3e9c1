import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { announcementDismissScript, announcementPrePaintScript } from '@/lib/announcement';
import { utmCaptureScript } from '@/lib/attribution';
import { dialogScript } from '@/lib/dialog-script';
import { SiteChrome } from './site-chrome';
import { TagManager } from './tag-manager';

/**
 * Everything a public page has around its content. The pre-paint script comes first in <body>, so
 * a dismissed bar is never painted and the bar's button and the dialogs work before hydration.
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
