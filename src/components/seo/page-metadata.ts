import type { Metadata, Viewport } from 'next';
import { siteConfig } from '@/config/site';
import { getRoute, type RoutePath } from '@/content/routes';

/** What every document has: the root layout's, and the global not-found page's (no layout). */
export const documentMetadata: Metadata = {
  metadataBase: new URL(siteConfig.siteUrl),
  applicationName: siteConfig.brandName,
  formatDetection: { telephone: false },
};

export const documentViewport: Viewport = {
  themeColor: '#452693',
  width: 'device-width',
  initialScale: 1,
};

const OG_IMAGE = { url: '/og-image.png', width: 1200, height: 630 } as const;

/** '{Page} | {Brand}', the same on every route, the home page included. */
export function pageTitle(title: string): string {
  return `${title} | ${siteConfig.brandName}`;
}

/**
 * A page's absolute address, spelled as Next writes its canonical link: the home page is the bare
 * origin. The sitemap and the structured data use it too, so each page has one spelling.
 */
export function pageUrl(path: RoutePath): string {
  return path === '/' ? siteConfig.siteUrl : `${siteConfig.siteUrl}${path}`;
}

/**
 * Metadata for a registered route. The title is absolute: Next's title template does not apply to
 * the page beside the layout that defines it (/).
 */
export function pageMetadata(path: RoutePath): Metadata {
  const route = getRoute(path);
  const title = pageTitle(route.title);
  const url = pageUrl(path);
  const image = { ...OG_IMAGE, alt: `${siteConfig.brandName}: AI automation for small businesses` };
  return {
    title: { absolute: title },
    description: route.description,
    keywords: [...route.keywords],
    alternates: { canonical: url },
    robots: route.indexable ? { index: true, follow: true } : { index: false, follow: true },
    openGraph: {
      type: 'website',
      locale: 'en_US',
      siteName: siteConfig.brandName,
      title,
      description: route.description,
      url,
      images: [image],
    },
    twitter: {
      card: 'summary_large_image',
      title,
      description: route.description,
      images: [image],
    },
  };
}
