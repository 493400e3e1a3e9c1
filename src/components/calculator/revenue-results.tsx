import Link from 'next/link';
import type { Ref } from 'react';
import { calculatorResults as copy } from '@/content/pages/revenue-calculator';
import { buttonClass } from '@/components/ui/button-styles';
import { BarChart } from './bar-chart';
import {
  calculateRevenue,
  countResults,
  formatInput,
  formatResults,
  moneyResults,
  type RevenueInputs,
} from '@/lib/calculate-revenue';
import { fill } from '@/lib/fill';

/**
 * The results of one calculation (docs/product.md section 7.3). The heading takes focus after a
 * calculation (tabIndex -1), so screen reader users hear that results appeared.
 */
export function RevenueResults({
  inputs,
  headingRef,
  ref,
}: {
  inputs: RevenueInputs;
  headingRef: Ref<HTMLHeadingElement>;
  ref: Ref<HTMLElement>;
}) {
  const results = calculateRevenue(inputs);
  const text = formatResults(results);
  const years = formatInput(inputs.averageStayDuration);
  const row = (name: keyof typeof text) => ({
    label: copy.labels[name],
    value: results[name],
    display: text[name],
  });
  return (
    <section
      ref={ref}
      id="results"
      aria-labelledby="results-heading"
      data-results
      className="mt-10 scroll-mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-8"
    >
      <h2
        id="results-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-ink-900 outline-none sm:text-3xl"
      >
        {copy.heading}
      </h2>
      <p className="mt-3 text-lg text-ink-700">{fill(copy.summary, text)}</p>

      <h3 className="mt-8 text-lg font-bold text-ink-900">{copy.countsHeading}</h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {countResults.map((name) => (
          <div
            key={name}
            data-result={name}
            className="flex flex-col-reverse justify-end rounded-xl border border-ink-200 bg-white p-4"
          >
            <dt className="mt-1 text-sm text-ink-700">{copy.labels[name]}</dt>
            <dd className="text-2xl font-extrabold tracking-tight text-ink-900 tabular-nums wrap-anywhere">
              {text[name]}
            </dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-8 text-lg font-bold text-ink-900">{copy.moneyHeading}</h3>
      <dl className="mt-3 grid gap-3 md:grid-cols-3">
        {moneyResults.map((name) => (
          <div
            key={name}
            data-result={name}
            className="flex flex-col-reverse justify-end rounded-xl border border-ink-200 bg-white p-4"
          >
            <dt className="mt-1 text-ink-700">
              {copy.labels[name]}
              {name === 'lifetimeValueLoss' && (
                <span className="block text-sm">{fill(copy.lifetimeNote, { years })}</span>
              )}
            </dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 tabular-nums wrap-anywhere">
              {text[name]}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 rounded-xl border border-ink-200 bg-white p-5 sm:p-6">
        <h3 className="text-lg font-bold text-ink-900">{copy.chart.heading}</h3>
        <p className="mt-1 text-ink-700">{copy.chart.intro}</p>
        <div className="mt-5 grid gap-8 lg:grid-cols-2">
          <BarChart
            id="funnel-chart"
            title={copy.chart.funnelTitle}
            description={fill(copy.chart.funnelDescription, text)}
            rows={countResults.map(row)}
            barClassName="fill-brand-600"
          />
          <BarChart
            id="money-chart"
            title={copy.chart.moneyTitle}
            description={fill(copy.chart.moneyDescription, text)}
            rows={moneyResults.map(row)}
            barClassName="fill-brand-800"
          />
        </div>
        <details className="mt-6">
          <summary className="cursor-pointer rounded font-semibold text-brand-700">
            {copy.chart.tableToggle}
          </summary>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">{copy.chart.tableCaption}</caption>
            <thead>
              <tr className="border-b border-ink-200">
                <th scope="col" className="py-2 pr-4 font-semibold text-ink-800">
                  {copy.chart.tableHeaders.measure}
                </th>
                <th scope="col" className="py-2 text-right font-semibold text-ink-800">
                  {copy.chart.tableHeaders.value}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...countResults, ...moneyResults].map((name) => (
                <tr key={name} className="border-b border-ink-100">
                  <th scope="row" className="py-2 pr-4 font-normal text-ink-700">
                    {copy.labels[name]}
                  </th>
                  <td className="py-2 text-right font-semibold text-ink-900 tabular-nums">
                    {text[name]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>

      <div className="mt-8 flex flex-col gap-4 rounded-xl bg-brand-800 p-5 text-white sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div>
          <h3 className="text-lg font-bold">{copy.cta.heading}</h3>
          <p className="mt-1 text-brand-100">{copy.cta.body}</p>
        </div>
        <Link
          href={copy.cta.link.href}
          className={buttonClass('inverse', 'lg', 'shrink-0 focus-visible:outline-white')}
        >
          {copy.cta.link.label}
        </Link>
      </div>
    </section>
  );
}
