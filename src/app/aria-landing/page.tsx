import { ariaFaqDetailed, ariaLandingHero, ariaLandingStats, ariaSignup } from '@/content/pages/aria';
import { pageMetadata } from '@/lib/metadata';
import { AriaSignupForm } from '@/components/lead-forms/aria-signup-form';
import { Faq } from '@/components/sections/faq';
import { PageHero } from '@/components/sections/page-hero';
import { Section } from '@/components/sections/section';
import { StatsBand } from '@/components/sections/stats-band';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata = pageMetadata('/aria-landing');

export default function AriaLandingPage() {
  return (
    <>
      <PageHero content={ariaLandingHero}>
        <a href={ariaSignup.cta.href} className={buttonClass('primary', 'lg')}>
          {ariaSignup.cta.label}
        </a>
      </PageHero>
      <StatsBand stats={ariaLandingStats} label="Aria by the numbers" />
      <Section id="signup" heading={ariaSignup.heading} intro={ariaSignup.intro}>
        <div className="mx-auto max-w-2xl rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
          <AriaSignupForm />
        </div>
      </Section>
      <Faq heading={ariaFaqDetailed.heading} items={ariaFaqDetailed.items} />
    </>
  );
}
