import { siteConfig } from '@/config/site';
import { getRoute, type RoutePath } from '@/content/routes';
import type { ServiceDescription } from '@/content/types';
import { pageUrl } from './page-metadata';

/** Structured data as a JSON-LD script; '<' is escaped so no string can close the element. */
export function JsonLd({ data }: { data: object | readonly object[] }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}

const schema = 'https://schema.org';

/** The brand as schema.org names it: in full on the home page, by reference as a provider. */
function organization() {
  return { '@type': 'Organization', name: siteConfig.brandName, url: pageUrl('/') } as const;
}

/** The home page's: who the brand is and how to reach it, and the site itself. */
export function homeData(): object[] {
  return [
    {
      '@context': schema,
      ...organization(),
      logo: `${siteConfig.siteUrl}/icon.svg`,
      email: siteConfig.email,
      telephone: siteConfig.phone,
      // An empty list says nothing: left out until a network is configured.
      ...(siteConfig.social.length > 0 && {
        sameAs: siteConfig.social.map((link) => link.href),
      }),
    },
    { '@context': schema, '@type': 'WebSite', name: siteConfig.brandName, url: pageUrl('/') },
  ];
}

/** A service page's: what is offered, by whom, where; its description is the page's own. */
export function serviceData(path: RoutePath, service: ServiceDescription): object {
  return {
    '@context': schema,
    '@type': 'Service',
    name: service.name,
    serviceType: service.serviceType,
    description: getRoute(path).description,
    url: pageUrl(path),
    areaServed: 'US',
    audience: {
      '@type': 'BusinessAudience',
      audienceType: service.audience ?? 'Small businesses',
    },
    provider: organization(),
  };
}
