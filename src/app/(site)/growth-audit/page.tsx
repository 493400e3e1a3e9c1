import {
  growthAuditBenefits,
  beforeAfter,
  growthAuditCta,
  growthAuditFormSection,
  growthAuditHero,
  growthAuditSteps,
  stickyPitch,
} from '@/content/pages/growth-audit';
import { pageMetadata } from '@/components/seo/page-metadata';
import { UnlockBlueprint } from '@/components/growth-audit/unlock-blueprint';
import { GrowthAuditForm } from '@/components/lead-forms/growth-audit-form';
import { BeforeAfter } from '@/components/sections/before-after';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { PageHero } from '@/components/sections/page-hero';
import { Section } from '@/components/sections/section';
import { StepList } from '@/components/sections/step-list';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata = pageMetadata('/growth-audit');

export default function GrowthAuditPage() {
  return (
    <>
      <PageHero content={growthAuditHero}>
        <a href={growthAuditCta.href} className={buttonClass('primary', 'lg')}>
          {growthAuditCta.label}
        </a>
      </PageHero>
      <FeatureGrid
        id="benefits"
        heading={growthAuditBenefits.heading}
        intro={growthAuditBenefits.intro}
        items={growthAuditBenefits.items}
        tone="muted"
      />
      <BeforeAfter id="before-after" {...beforeAfter} />
      <StepList
        id="what-happens-next"
        heading={growthAuditSteps.heading}
        intro={growthAuditSteps.intro}
        steps={growthAuditSteps.steps}
      />
      <Section
        id="audit-form"
        heading={growthAuditFormSection.heading}
        intro={growthAuditFormSection.intro}
      >
        <div className="mx-auto max-w-2xl rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
          <GrowthAuditForm />
        </div>
      </Section>
      <UnlockBlueprint pitch={stickyPitch} />
    </>
  );
}
