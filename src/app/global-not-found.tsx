import { SiteShell } from '@/components/layout/site-shell';
import { NotFoundSection, notFoundMetadata } from '@/components/layout/not-found-section';
import { documentMetadata, documentViewport } from '@/components/seo/page-metadata';
import { inter } from './fonts/inter';
import './globals.css';

export const metadata = { ...documentMetadata, ...notFoundMetadata };
export const viewport = documentViewport;

/**
 * Every unknown path. Not a root not-found.tsx: Next sends that file's tree (here the whole chrome)
 * with every page, a third of the home page's RSC payload. This is its own document, so it brings
 * the root layout's font and stylesheet itself.
 */
export default function GlobalNotFound() {
  return (
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <body>
        <SiteShell>
          <NotFoundSection />
        </SiteShell>
      </body>
    </html>
  );
}
