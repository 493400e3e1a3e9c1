import {
  ariaFaqDetailed,
  ariaLandingHero,
  ariaLandingStats,
  ariaSignup,
} from '@/content/pages/aria';
import { pageMetadata } from '@/components/seo/page-metadata';
import { AriaSignupForm } from '@/components/lead-forms/aria-signup-form';
import { Faq } from '@/components/sections/faq';
import { PageHero } from '@/components/sections/page-hero';
import { Section } from '@/components/sections/section';
import { StatsBand } from '@/components/sections/stats-band';
import { buttonClass } from '@/components/ui/button-styles';
import { CheckList } from '@/components/ui/check-list';

export const metadata = pageMetadata('/aria-landing');

export default function AriaLandingPage() {
  return (
    <>
      <PageHero content={ariaLandingHero}>
        <a href={ariaSignup.cta.href} className={buttonClass('primary', 'lg')}>
          {ariaSignup.cta.label}
        </a>
      </PageHero>
      <StatsBand content={ariaLandingStats} />
      <Section id="signup" heading={ariaSignup.heading} intro={ariaSignup.intro}>
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
            <AriaSignupForm />
          </div>
          <div className="rounded-2xl bg-ink-50 p-6 sm:p-8">
            <h3 className="text-lg font-bold text-ink-900">{ariaSignup.nextSteps.heading}</h3>
            <CheckList items={ariaSignup.nextSteps.items} className="mt-4 space-y-3" />
          </div>
        </div>
      </Section>
      <Faq heading={ariaFaqDetailed.heading} items={ariaFaqDetailed.items} />
    </>
  );
}
