import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { announcementDismissScript, announcementPrePaintScript } from '@/lib/announcement';
import { utmCaptureScript } from '@/lib/attribution';
import { dialogFrameScript } from '@/lib/dialog-frame';
import { SiteChrome } from '@/components/layout/site-chrome';
import { TagManager } from '@/components/layout/tag-manager';
import './globals.css';

// Self-hosted Inter, variable weight, cut to the site's characters and weights
// (src/config/font-subset.ts, about 20 KB): no request to a font CDN.
// display 'optional': the preloaded font is used when it arrives within the first
// ~100 ms (almost always); otherwise the size-matched fallback stays for that page
// view, so a late font can never shift the layout (CLS 0 on slow networks too).
// The size-matched fallback is ours ('Inter Fallback' in globals.css): next/font's
// only looks for Arial, which Linux and ChromeOS lack.
const inter = localFont({
  src: './fonts/inter-subset.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'optional',
  adjustFontFallback: false,
  variable: '--font-inter',
});

export const metadata: Metadata = {
  metadataBase: new URL(siteConfig.siteUrl),
  applicationName: siteConfig.brandName,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  themeColor: '#452693',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The pre-paint script may set data-announcement on <html> before React hydrates.
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: `${announcementPrePaintScript};${announcementDismissScript};${dialogFrameScript};${utmCaptureScript}` }} />
      </head>
      <body>
        <SiteChrome>{children}</SiteChrome>
        <TagManager containerId={siteConfig.gtmId} />
      </body>
    </html>
  );
}
