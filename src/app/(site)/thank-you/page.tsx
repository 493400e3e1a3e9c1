import { siteConfig } from '@/config/site';
import { sender } from '@/server/outbox/email/sender';
import { bonusShowcase, deliveryTips, founderNote, thankYouHero } from '@/content/pages/thank-you';
import { fill } from '@/lib/fill';
import { pageMetadata } from '@/components/seo/page-metadata';
import { PageHero } from '@/components/sections/page-hero';
import { Section } from '@/components/sections/section';
import { StepList } from '@/components/sections/step-list';
import { CtaBand } from '@/components/sections/cta-band';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata = pageMetadata('/thank-you');

export default function ThankYouPage() {
  const steps = deliveryTips.steps.map((step) => ({
    ...step,
    // The address the confirmation comes from, as built (MAIL_FROM, else the contact address).
    description: fill(step.description, { email: sender().address }),
  }));
  return (
    <>
      <PageHero content={thankYouHero} />
      <StepList
        id="delivery-tips"
        heading={deliveryTips.heading}
        intro={deliveryTips.intro}
        steps={steps}
      />
      <Section id="founder" heading={founderNote.heading}>
        <figure className="mx-auto max-w-2xl rounded-2xl border border-ink-200 bg-white p-8 shadow-sm">
          <blockquote className="space-y-4 text-lg text-ink-700">
            {founderNote.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </blockquote>
          <figcaption className="mt-6 font-semibold text-ink-900">
            {founderNote.signature}, {siteConfig.brandName}
          </figcaption>
        </figure>
      </Section>
      <CtaBand id="bonus" content={bonusShowcase}>
        <AppLink href={bonusShowcase.cta.href} className={buttonClass('inverse', 'lg')}>
          {bonusShowcase.cta.label}
        </AppLink>
      </CtaBand>
    </>
  );
}
