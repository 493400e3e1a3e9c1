import type { MetadataRoute } from 'next';
import { siteConfig } from '@/config/site';

export default function robots(): MetadataRoute.Robots {
  return {
    // The inbox is behind a sign-in and noindex; it has no business in any index.
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/admin'] },
    sitemap: `${siteConfig.siteUrl}/sitemap.xml`,
  };
}
