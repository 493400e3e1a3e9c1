import {
  howItWorksClosing,
  howItWorksDemo,
  howItWorksHero,
  howItWorksStats,
  howItWorksSteps,
} from '@/content/pages/overview';
import { pageMetadata } from '@/components/seo/page-metadata';
import { CtaBand } from '@/components/sections/cta-band';
import { PageHero } from '@/components/sections/page-hero';
import { Section } from '@/components/sections/section';
import { StatsBand } from '@/components/sections/stats-band';
import { StepList } from '@/components/sections/step-list';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';
import { VoiceDemoButton } from '@/components/voice-demo/voice-demo-button';
import { CheckList } from '@/components/ui/check-list';

export const metadata = pageMetadata('/how-it-works');

export default function HowItWorksPage() {
  return (
    <>
      <PageHero content={howItWorksHero} />
      <Section id="demo" heading={howItWorksDemo.heading} intro={howItWorksDemo.intro}>
        <CheckList
          items={howItWorksDemo.points}
          className="mx-auto grid max-w-3xl gap-3 space-y-0 sm:grid-cols-2"
        />
        <div className="mt-8 flex justify-center">
          <VoiceDemoButton variant="primary" />
        </div>
      </Section>
      <StepList
        id="steps"
        heading={howItWorksSteps.heading}
        intro={howItWorksSteps.intro}
        steps={howItWorksSteps.steps}
      />
      <StatsBand content={howItWorksStats} />
      <CtaBand content={howItWorksClosing}>
        <AppLink href={howItWorksClosing.seeRoi.href} className={buttonClass('inverse', 'lg')}>
          {howItWorksClosing.seeRoi.label}
        </AppLink>
        <AppLink href={howItWorksClosing.bookDemo.href} className={buttonClass('secondary', 'lg')}>
          {howItWorksClosing.bookDemo.label}
        </AppLink>
      </CtaBand>
    </>
  );
}
