import type { Metadata } from 'next';
import { formNames, inboxCopy, overviewCopy } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { formatUtc } from '@/lib/utc-time';
import { LeadsChart } from '@/components/admin/leads-chart';
import { Panel } from '@/components/admin/panel';
import { TermList } from '@/components/admin/term-list';
import { ResultsTable } from '@/components/admin/results-table';
import { bodyCell as cell, headCell as head, ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import { budgetsThisHour, type BudgetUsage } from '@/server/http/rate-limit';
import { overview, OVERVIEW_DAYS } from '@/server/leads/overview';
import { deliveryHealthReport } from '@/server/outbox/delivery-health';
import { alertRecipients } from '@/server/outbox/targets';
import { deliverSkipped, sendNow } from '../actions';
import { testChat, testEmail, testEvent } from './actions';
import { combinedCounts, FormHealthTable, pathRows } from './delivery-health';

export const metadata: Metadata = { title: overviewCopy.title };

export default async function OverviewPage() {
  await requireOperator();
  const [data, health, budgets] = await Promise.all([
    overview(),
    deliveryHealthReport(),
    budgetsThisHour(),
  ]);
  const [testRecipient] = alertRecipients();
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
        intro={overviewCopy.healthIntro}
        className="mt-6"
      >
        <h3 className="mt-5 font-bold">{overviewCopy.email}</h3>
        <TermList
          className="mt-2"
          columns="sm:grid-cols-[14rem_minmax(0,1fr)]"
          rows={[
            ...pathRows(overviewCopy.emailWhat, health.email),
            [
              overviewCopy.alerts,
              fill(overviewCopy.alertCounts, {
                pending: health.alerts.pending,
                failed: health.alerts.failed,
                skipped: health.alerts.skipped,
              }),
            ],
          ]}
        />
        {health.email.configured &&
          (testRecipient ? (
            <ActionForm action={testEmail} className="mt-3 space-y-2">
              <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">
                {fill(overviewCopy.testEmailIntro, { to: testRecipient })}
              </p>
              <button type="submit" className={buttonClass('secondary', 'sm')}>
                {overviewCopy.sendTestEmail}
              </button>
            </ActionForm>
          ) : (
            <p className="mt-3 text-sm">{overviewCopy.noAlertRecipient}</p>
          ))}
        <h3 className="mt-5 font-bold">{overviewCopy.chatApp}</h3>
        <TermList
          className="mt-2"
          columns="sm:grid-cols-[14rem_minmax(0,1fr)]"
          rows={pathRows(overviewCopy.chatWhat, health.chat)}
        />
        {health.chat.configured && (
          <ActionForm action={testChat} className="mt-3 space-y-2">
            <p className="text-sm text-ink-700">{overviewCopy.testChatIntro}</p>
            <button type="submit" className={buttonClass('secondary', 'sm')}>
              {overviewCopy.sendTestChat}
            </button>
          </ActionForm>
        )}
        {/* Said only where a Send test event button follows. */}
        {leadForms.some((form) => health.webhook[form].configured) && (
          <p className="mt-5 text-sm text-ink-700">{overviewCopy.testIntro}</p>
        )}
        {leadForms.map((form) => {
          const counts = health.forms[form];
          const rows = [
            {
              channel: overviewCopy.paths.webhook,
              path: health.webhook[form],
              counts: counts.webhook,
            },
            {
              channel: overviewCopy.paths.email,
              path: health.email,
              counts: combinedCounts([counts.agency_email, counts.visitor_email, counts.alert]),
            },
            { channel: overviewCopy.paths.chat, path: health.chat, counts: counts.chat },
          ];
          const actions = [
            [health.webhook[form].configured, testEvent, overviewCopy.sendTest, 'secondary'],
            [
              rows.some((row) => row.counts.pending + row.counts.failed > 0),
              sendNow,
              inboxCopy.sendNow,
              'primary',
            ],
            [
              rows.some((row) => row.counts.skipped > 0 && row.path.status !== 'off'),
              deliverSkipped,
              inboxCopy.deliverSkipped,
              'primary',
            ],
          ] as const;
          return (
            <div key={form} className="mt-5">
              <h3 className="font-bold">{formNames[form]}</h3>
              <FormHealthTable formName={formNames[form]} rows={rows} />
              <div className="mt-2 flex flex-wrap gap-2">
                {actions.map(
                  ([shown, action, label, variant]) =>
                    shown && (
                      <ActionForm key={label} action={action}>
                        <input type="hidden" name="form" value={form} />
                        <button
                          type="submit"
                          className={buttonClass(variant, 'sm')}
                          aria-label={fill(overviewCopy.formActions, {
                            action: label,
                            form: formNames[form],
                          })}
                        >
                          {label}
                        </button>
                      </ActionForm>
                    ),
                )}
              </div>
            </div>
          );
        })}
      </Panel>

      <Panel
        id="budgets-heading"
        heading={overviewCopy.budgets}
        intro={overviewCopy.budgetsIntro}
        className="mt-6"
      >
        <TermList
          className="mt-3"
          columns="sm:grid-cols-[22rem_minmax(0,1fr)]"
          rows={budgets.map((budget) => [
            overviewCopy.budgetNames[budget.service],
            budgetState(budget),
          ])}
        />
      </Panel>
    </>
  );
}

/** A budget's hour in words: off, how much is used, or reached and how much it has refused. */
function budgetState({ limit, used, resetsAt }: BudgetUsage): string {
  if (limit <= 0) return overviewCopy.budgetOff;
  const values = { limit, used, refused: used - limit, resetsAt: formatUtc(resetsAt) };
  return fill(used >= limit ? overviewCopy.budgetReached : overviewCopy.budgetUsed, values);
}
