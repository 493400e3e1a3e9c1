import type { Metadata } from 'next';
import { formNames, inboxCopy, overviewCopy } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { AdminPage } from '@/components/admin/admin-page';
import { CsrfField } from '@/components/admin/csrf-field';
import { formatUtc } from '@/components/admin/format';
import { LeadsChart } from '@/components/admin/leads-chart';
import { NoticeBanner } from '@/components/admin/notice-banner';
import { bodyCell as cell, headCell as head, ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import { overview } from '@/server/leads/overview';

export const metadata: Metadata = { title: overviewCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: Props) {
  const { session } = await requireOperator('/admin/overview');
  const [data, params] = await Promise.all([overview(), searchParams]);
  return (
    <AdminPage path="/admin/overview" section="/admin/overview" heading={overviewCopy.heading}>
      <div className="mt-4">
        <NoticeBanner searchParams={params} />
      </div>

      <section
        aria-labelledby="per-day-heading"
        className="mt-6 rounded-xl border border-ink-200 bg-white p-4"
      >
        <h2 id="per-day-heading" className="text-lg font-bold">
          {fill(overviewCopy.perDay, { days: data.days.length })}
        </h2>
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
      </section>

      <section
        aria-labelledby="sources-heading"
        className="mt-6 rounded-xl border border-ink-200 bg-white p-4"
      >
        <h2 id="sources-heading" className="text-lg font-bold">
          {overviewCopy.sources}
        </h2>
        {data.sources.length === 0 ? (
          <p className="mt-2 text-sm text-ink-700">{overviewCopy.noSources}</p>
        ) : (
          <table className="mt-3 w-full max-w-md text-left text-sm">
            <caption className="sr-only">{overviewCopy.sourcesCaption}</caption>
            <thead className="bg-ink-100">
              <tr>
                <th scope="col" className={head}>
                  {overviewCopy.source}
                </th>
                <th scope="col" className={head}>
                  {overviewCopy.leads}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.sources.map((row) => (
                <tr key={row.source} className="border-t border-ink-200">
                  <th scope="row" className={`${cell} break-all font-medium`}>
                    {row.source}
                  </th>
                  <td className={cell}>{row.leads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section
        aria-labelledby="health-heading"
        className="mt-6 rounded-xl border border-ink-200 bg-white p-4"
      >
        <h2 id="health-heading" className="text-lg font-bold">
          {overviewCopy.health}
        </h2>
        <p className="mt-1 text-sm text-ink-700">{overviewCopy.testIntro}</p>
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
                  {row.webhookConfigured && (
                    <form method="post" action="/api/admin/test-event">
                      <CsrfField token={session.csrfToken} />
                      <input type="hidden" name="form" value={row.form} />
                      <button
                        type="submit"
                        className={buttonClass('secondary', 'sm')}
                        aria-label={`${overviewCopy.sendTest}: ${formNames[row.form]}`}
                      >
                        {overviewCopy.sendTest}
                      </button>
                    </form>
                  )}
                  {row.failed > 0 && (
                    <form method="post" action="/api/admin/requeue-failed">
                      <CsrfField token={session.csrfToken} />
                      <input type="hidden" name="form" value={row.form} />
                      <input type="hidden" name="returnTo" value="/admin/overview" />
                      <button
                        type="submit"
                        className={buttonClass('primary', 'sm')}
                        aria-label={`${inboxCopy.requeueFailed}: ${formNames[row.form]}`}
                      >
                        {inboxCopy.requeueFailed}
                      </button>
                    </form>
                  )}
                  {row.skipped > 0 && row.webhookConfigured && (
                    <form method="post" action="/api/admin/deliver-skipped">
                      <CsrfField token={session.csrfToken} />
                      <input type="hidden" name="form" value={row.form} />
                      <input type="hidden" name="returnTo" value="/admin/overview" />
                      <button
                        type="submit"
                        className={buttonClass('primary', 'sm')}
                        aria-label={`${inboxCopy.deliverSkipped}: ${formNames[row.form]}`}
                      >
                        {inboxCopy.deliverSkipped}
                      </button>
                    </form>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
    </AdminPage>
  );
}
