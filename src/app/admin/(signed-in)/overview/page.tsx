import type { Metadata } from 'next';
import { formNames, inboxCopy, overviewCopy } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { formatUtc } from '@/components/admin/format';
import { LeadsChart } from '@/components/admin/leads-chart';
import { Panel } from '@/components/admin/panel';
import { ResultsTable } from '@/components/admin/results-table';
import { bodyCell as cell, headCell as head, ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import { overview, OVERVIEW_DAYS } from '@/server/leads/overview';
import { queueSkipped, resendFailed } from '../actions';
import { testEvent } from './actions';

export const metadata: Metadata = { title: overviewCopy.title };

export default async function OverviewPage() {
  await requireOperator();
  const data = await overview();
  const dimensions = ['source', 'campaign', 'page'] as const;
  return (
    <>
      <h1 className="text-2xl font-bold text-ink-900">{overviewCopy.heading}</h1>

      <Panel
        id="per-day-heading"
        heading={fill(overviewCopy.perDay, { days: data.days.length })}
        className="mt-6"
      >
        <LeadsChart days={data.days} />
        <p className="mt-2 text-sm text-ink-700">{fill(overviewCopy.spam, { count: data.spam })}</p>
        <ScrollTable
          caption={overviewCopy.tableCaption}
          minWidth="min-w-[36rem]"
          className="mt-4"
          columns={
            <>
              <th scope="col" className={head}>
                {overviewCopy.day}
              </th>
              {leadForms.map((form) => (
                <th key={form} scope="col" className={head}>
                  {formNames[form]}
                </th>
              ))}
              <th scope="col" className={head}>
                {overviewCopy.total}
              </th>
            </>
          }
        >
          {data.days.map((day) => (
            <tr key={day.day} className="border-t border-ink-200">
              <th scope="row" className={`${cell} font-medium`}>
                {day.day}
              </th>
              {leadForms.map((form) => (
                <td key={form} className={cell}>
                  {day.counts[form]}
                </td>
              ))}
              <td className={cell}>{leadForms.reduce((sum, form) => sum + day.counts[form], 0)}</td>
            </tr>
          ))}
        </ScrollTable>
      </Panel>

      <Panel
        id="results-heading"
        heading={fill(overviewCopy.results, { days: OVERVIEW_DAYS })}
        intro={overviewCopy.resultsIntro}
        className="mt-6"
      >
        {dimensions.map((dimension) => {
          const copy = overviewCopy.resultTables[dimension];
          return (
            <div key={dimension} className="mt-5">
              <h3 id={`results-${dimension}`} className="font-bold">
                {copy.heading}
              </h3>
              <ResultsTable
                caption={copy.caption}
                column={copy.column}
                rows={data.results[dimension]}
                empty={
                  dimension === 'campaign' ? overviewCopy.noCampaign : overviewCopy.unknownPage
                }
              />
            </div>
          );
        })}
      </Panel>

      <Panel
        id="health-heading"
        heading={overviewCopy.health}
        intro={overviewCopy.testIntro}
        className="mt-6"
      >
        <ScrollTable
          caption={overviewCopy.healthCaption}
          minWidth="min-w-[44rem]"
          className="mt-3"
          columns={
            <>
              {[
                overviewCopy.webhook,
                overviewCopy.pending,
                overviewCopy.failed,
                overviewCopy.skipped,
                overviewCopy.lastDelivered,
              ].map((label, index) => (
                <th key={label} scope="col" className={head} colSpan={index === 0 ? 2 : 1}>
                  {label}
                </th>
              ))}
              <th scope="col" className={head}>
                <span className="sr-only">{overviewCopy.sendTest}</span>
              </th>
            </>
          }
        >
          {data.health.map((row) => (
            <tr key={row.form} className="border-t border-ink-200 align-top">
              <th scope="row" className={`${cell} font-medium`}>
                {formNames[row.form]}
              </th>
              <td className={cell}>
                {row.webhookConfigured ? overviewCopy.configured : overviewCopy.notConfigured}
              </td>
              <td className={cell}>{row.pending}</td>
              <td className={cell}>{row.failed}</td>
              <td className={cell}>{row.skipped}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {row.lastDelivered ? formatUtc(row.lastDelivered) : overviewCopy.never}
              </td>
              <td className={cell}>
                <div className="flex flex-col gap-2">
                  {(
                    [
                      [row.webhookConfigured, testEvent, overviewCopy.sendTest, 'secondary'],
                      [row.failed > 0, resendFailed, inboxCopy.requeueFailed, 'primary'],
                      [
                        row.skipped > 0 && row.webhookConfigured,
                        queueSkipped,
                        inboxCopy.deliverSkipped,
                        'primary',
                      ],
                    ] as const
                  ).map(
                    ([shown, action, label, variant]) =>
                      shown && (
                        <ActionForm key={label} action={action}>
                          <input type="hidden" name="form" value={row.form} />
                          <button
                            type="submit"
                            className={buttonClass(variant, 'sm')}
                            aria-label={`${label}: ${formNames[row.form]}`}
                          >
                            {label}
                          </button>
                        </ActionForm>
                      ),
                  )}
                </div>
              </td>
            </tr>
          ))}
        </ScrollTable>
      </Panel>
    </>
  );
}
