import { describe, expect, it } from 'vitest';
import { pageMetadata, pageTitle, pageUrl } from '@/components/seo/page-metadata';
import { siteConfig } from '@/config/site';

describe('pageMetadata', () => {
  it('builds "{Page} | {Brand}" titles, canonical URL and social tags from the registry', () => {
    const metadata = pageMetadata('/');
    const title = `AI Automation for Small Businesses | ${siteConfig.brandName}`;
    expect(pageTitle('AI Automation for Small Businesses')).toBe(title);
    expect(metadata.title).toEqual({ absolute: title });
    expect(metadata.alternates?.canonical).toBe(siteConfig.siteUrl);
    expect(metadata.openGraph).toMatchObject({
      title,
      url: siteConfig.siteUrl,
      siteName: siteConfig.brandName,
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image', title });
    expect(metadata.robots).toEqual({ index: true, follow: true });
  });

  it('names the home page by its bare origin and every other page by origin and path', () => {
    expect(pageUrl('/')).toBe(siteConfig.siteUrl);
    expect(pageUrl('/ai-chatbot')).toBe(`${siteConfig.siteUrl}/ai-chatbot`);
    expect(pageMetadata('/ai-chatbot').alternates?.canonical).toBe(pageUrl('/ai-chatbot'));
  });
});
