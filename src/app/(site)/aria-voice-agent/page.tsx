import {
  ariaActions,
  ariaCalculatorBand,
  ariaClosing,
  ariaFaq,
  ariaFeatures,
  ariaHero,
  ariaService,
  ariaSteps,
} from '@/content/pages/aria';
import { pageMetadata } from '@/components/seo/page-metadata';
import { CtaBand } from '@/components/sections/cta-band';
import { Faq } from '@/components/sections/faq';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { PageHero } from '@/components/sections/page-hero';
import { StepList } from '@/components/sections/step-list';
import { JsonLd, serviceData } from '@/components/seo/json-ld';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata = pageMetadata('/aria-voice-agent');

export default function AriaVoiceAgentPage() {
  return (
    <>
      <JsonLd data={serviceData('/aria-voice-agent', ariaService)} />
      <PageHero content={ariaHero}>
        <AppLink href={ariaActions.getStarted.href} className={buttonClass('primary', 'lg')}>
          {ariaActions.getStarted.label}
        </AppLink>
        <AppLink href={ariaActions.scheduleDemo.href} className={buttonClass('secondary', 'lg')}>
          {ariaActions.scheduleDemo.label}
        </AppLink>
      </PageHero>
      <FeatureGrid
        id="features"
        heading={ariaFeatures.heading}
        intro={ariaFeatures.intro}
        items={ariaFeatures.items}
        columns={3}
        tone="muted"
      />
      <StepList
        id="how-aria-works"
        heading={ariaSteps.heading}
        intro={ariaSteps.intro}
        steps={ariaSteps.steps}
      />
      <CtaBand id="calculator" content={ariaCalculatorBand}>
        <AppLink href={ariaActions.calculator.href} className={buttonClass('inverse', 'lg')}>
          {ariaActions.calculator.label}
        </AppLink>
      </CtaBand>
      <Faq heading={ariaFaq.heading} items={ariaFaq.items} />
      <CtaBand id="get-started" content={ariaClosing}>
        <AppLink href={ariaActions.getStarted.href} className={buttonClass('inverse', 'lg')}>
          {ariaActions.getStarted.label}
        </AppLink>
        <AppLink href={ariaActions.scheduleDemo.href} className={buttonClass('secondary', 'lg')}>
          {ariaActions.scheduleDemo.label}
        </AppLink>
      </CtaBand>
    </>
  );
}
