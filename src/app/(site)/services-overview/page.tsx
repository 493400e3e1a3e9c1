import {
  learnHowItWorks,
  overviewClosing,
  overviewFeatures,
  overviewHero,
  overviewStats,
} from '@/content/pages/overview';
import { pageMetadata } from '@/components/seo/page-metadata';
import { CtaBand } from '@/components/sections/cta-band';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { PageHero } from '@/components/sections/page-hero';
import { StatsBand } from '@/components/sections/stats-band';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';
import { VoiceDemoButton } from '@/components/voice-demo/voice-demo-button';

export const metadata = pageMetadata('/services-overview');

export default function ServicesOverviewPage() {
  return (
    <>
      <PageHero content={overviewHero}>
        <AppLink href={learnHowItWorks.href} className={buttonClass('primary', 'lg')}>
          {learnHowItWorks.label}
        </AppLink>
        <VoiceDemoButton />
      </PageHero>
      <FeatureGrid
        id="features"
        heading={overviewFeatures.heading}
        intro={overviewFeatures.intro}
        items={overviewFeatures.items}
        columns={3}
        tone="muted"
      />
      <StatsBand content={overviewStats} />
      <CtaBand content={overviewClosing}>
        <AppLink href={learnHowItWorks.href} className={buttonClass('inverse', 'lg')}>
          {learnHowItWorks.label}
        </AppLink>
        <VoiceDemoButton />
      </CtaBand>
    </>
  );
}
