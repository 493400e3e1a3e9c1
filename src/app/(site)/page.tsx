import { siteConfig } from '@/config/site';
import { faq, homeStats } from '@/content/home';
import { pageMetadata } from '@/components/seo/page-metadata';
import { Benchmarks } from '@/components/sections/benchmarks';
import { Benefits } from '@/components/sections/benefits';
import { Faq } from '@/components/sections/faq';
import { Hero } from '@/components/sections/hero';
import { homeData, JsonLd } from '@/components/seo/json-ld';
import { Services } from '@/components/sections/services';
import { StatsBand } from '@/components/sections/stats-band';

export const metadata = pageMetadata('/');

export default function HomePage() {
  return (
    <>
      <JsonLd data={homeData()} />
      <Hero appUrl={siteConfig.appUrl} />
      <StatsBand content={homeStats} />
      <Benefits />
      <Services />
      <Benchmarks />
      <Faq heading={faq.heading} items={faq.items} />
    </>
  );
}
