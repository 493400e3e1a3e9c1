import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { AnnouncementBar } from './announcement-bar';
import { Footer } from './footer';
import { Header } from './header';
import { uiCopy } from '@/content/ui';

/** The wrapper every page shares: skip link, announcement bar, header, main, footer. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-full bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {uiCopy.skipToContent}
      </a>
      <AnnouncementBar appUrl={siteConfig.appUrl} />
      <Header brandName={siteConfig.brandName} />
      <main id="main-content" tabIndex={-1} className="pt-(--sticky-offset) outline-none">
        {children}
      </main>
      <Footer site={siteConfig} />
    </>
  );
}
