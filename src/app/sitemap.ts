import type { MetadataRoute } from 'next';
import { routes } from '@/content/routes';
import { pageUrl } from '@/components/seo/page-metadata';

export default function sitemap(): MetadataRoute.Sitemap {
  return routes
    .filter((route) => route.indexable)
    .map((route) => ({
      url: pageUrl(route.path),
      changeFrequency: 'monthly',
      priority: route.path === '/' ? 1 : 0.7,
    }));
}
