import {
  calculatorClosing,
  calculatorClosingLinks,
  calculatorHero,
} from '@/content/pages/revenue-calculator';
import { pageMetadata } from '@/components/seo/page-metadata';
import { HowWeCalculate } from '@/components/calculator/how-we-calculate';
import { RevenueCalculator } from '@/components/calculator/revenue-calculator';
import { CtaBand } from '@/components/sections/cta-band';
import { PageHero } from '@/components/sections/page-hero';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata = pageMetadata('/revenue-calculator');

// Static: the calculator reads shared inputs from the address in the browser, not searchParams.
export default function RevenueCalculatorPage() {
  return (
    <>
      <PageHero content={calculatorHero} />
      <section
        id="calculator"
        aria-labelledby="calculator-heading"
        className="scroll-mt-(--sticky-offset) pb-20"
      >
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <RevenueCalculator />
        </div>
      </section>
      <HowWeCalculate />
      <CtaBand content={calculatorClosing}>
        <AppLink
          href={calculatorClosingLinks.bookDemo.href}
          className={buttonClass('inverse', 'lg')}
        >
          {calculatorClosingLinks.bookDemo.label}
        </AppLink>
        <AppLink
          href={calculatorClosingLinks.meetAria.href}
          className={buttonClass('secondary', 'lg')}
        >
          {calculatorClosingLinks.meetAria.label}
        </AppLink>
      </CtaBand>
    </>
  );
}
