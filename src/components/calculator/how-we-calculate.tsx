import { calculatorResults, howWeCalculate } from '@/content/pages/revenue-calculator';
import { Section } from '@/components/sections/section';
import {
  DEFAULT_INPUTS,
  calculateRevenue,
  calculatorFields,
  formatInput,
  formatMoney,
  formatResults,
} from '@/lib/calculate-revenue';
import { fill } from '@/lib/fill';

/**
 * The formula worked through with the defaults at build time by the calculator's own function, so
 * the explanation cannot drift from the arithmetic; visitors without JavaScript get this.
 */
export function HowWeCalculate() {
  const figures: Record<string, string> = { ...formatResults(calculateRevenue(DEFAULT_INPUTS)) };
  for (const field of calculatorFields) figures[field] = formatInput(DEFAULT_INPUTS[field]);
  figures.averageRent = formatMoney(DEFAULT_INPUTS.averageRent);
  return (
    <Section
      id="how-we-calculate"
      heading={howWeCalculate.heading}
      intro={howWeCalculate.intro}
      tone="muted"
    >
      <ol className="mx-auto grid max-w-4xl gap-4">
        {howWeCalculate.steps.map((step, index) => (
          <li
            key={step.result}
            className="flex gap-4 rounded-2xl border border-ink-200 bg-white p-5 sm:p-6"
          >
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 font-bold text-white"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <h3 className="font-bold text-ink-900">{calculatorResults.labels[step.result]}</h3>
              <p className="mt-1 text-ink-700">= {step.formula}</p>
              <p className="mt-2 text-sm text-ink-600">
                {howWeCalculate.exampleLabel}{' '}
                <span className="font-semibold text-ink-800 tabular-nums wrap-anywhere">
                  {fill(step.example, figures)}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-ink-600">
        {howWeCalculate.note}
      </p>
    </Section>
  );
}
