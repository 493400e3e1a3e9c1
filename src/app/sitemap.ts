import type { MetadataRoute } from 'next';
import { siteConfig } from '@/config/site';
import { routes } from '@/content/routes';

export default function sitemap(): MetadataRoute.Sitemap {
  return routes
    .filter((route) => route.indexable)
    .map((route) => ({
      url: `${siteConfig.siteUrl}${route.path}`,
      changeFrequency: 'monthly',
      priority: route.path === '/' ? 1 : 0.7,
    }));
}
