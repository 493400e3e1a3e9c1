import type { Metadata } from 'next';
import { deliveryLabels, formNames, inboxCopy, spamLabels, stageLabels } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { fullName, visible } from '@/components/admin/format';
import { formatUtc } from '@/lib/utc-time';
import { idRefs, SelectField } from '@/components/admin/fields';
import { LeadFilters, type FilterErrors, type FilterValues } from '@/components/admin/lead-filters';
import { Pager } from '@/components/admin/pager';
import { Panel } from '@/components/admin/panel';
import { ScrollTable } from '@/components/admin/scroll-table';
import { shownStage } from '@/server/admin/fields';
import { requireOperator } from '@/server/admin/session';
import {
  inboxFilterNames,
  inboxListOf,
  inboxListPath,
  leadQueryParams,
  MAX_SEARCH_CHARS,
  searchLeads,
} from '@/server/leads/queries';
import { changeSelected, deliverSkipped, sendNow } from './actions';

export const metadata: Metadata = { title: inboxCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const SELECTED_FORM = 'selected-leads';
const problemId = (index: number) => `filter-problem-${index + 1}`;
const BELOW_LIST = 'below-list';

export default async function InboxPage({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const asked = inboxListOf(params);
  // A link, not a script: ticking every row works before and without JavaScript.
  const tickedAll = params.tick === 'all';
  const { query, problems } = asked;
  const { rows, total, page, pages } = await searchLeads(query, { page: asked.page });
  const kept = leadQueryParams(query);
  const values = Object.fromEntries(
    inboxFilterNames.map((name) => [
      name,
      name === 'q' ? visible(query.q) : (kept.get(name) ?? ''),
    ]),
  ) as FilterValues;
  const pageLink = (n: number) => inboxListPath('/admin', query, n);
  // Each field a problem is about is invalid and described by it, so the problem is read out there.
  const errors: FilterErrors = {};
  problems.forEach((problem, index) => {
    for (const field of problem.fields) errors[field] = idRefs(errors[field], problemId(index));
  });

  return (
    <>
      <h1 className="text-2xl font-bold text-ink-900">{inboxCopy.heading}</h1>
      {problems.length > 0 && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p className="font-medium">{inboxCopy.problems}</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem, index) => (
              <li key={problem.message} id={problemId(index)} className="break-words">
                {visible(problem.message)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <LeadFilters values={values} errors={errors} searchMax={MAX_SEARCH_CHARS} />
      <div className="mt-6 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <p className="font-semibold text-ink-800" role="status">
          {total === 1
            ? inboxCopy.oneMatch
            : fill(inboxCopy.matches, { count: total.toLocaleString('en-US') })}
        </p>
        {rows.length > 1 && (
          <a
            href={inboxListPath('/admin', query, page, tickedAll ? {} : { tick: 'all' })}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {tickedAll ? inboxCopy.untickAll : fill(inboxCopy.tickAll, { count: rows.length })}
          </a>
        )}
        {rows.length > 0 && (
          <a
            href={`#${BELOW_LIST}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {inboxCopy.belowList}
          </a>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 text-ink-700">{inboxCopy.none}</p>
      ) : (
        <ScrollTable
          caption={inboxCopy.tableCaption}
          minWidth="min-w-[48rem]"
          className="mt-3 rounded-xl border border-ink-200 bg-white"
          columns={Object.entries(inboxCopy.columns).map(([key, heading]) => (
            <th key={key} scope="col" className="px-3 py-2 font-semibold">
              <span className={key === 'select' ? 'sr-only' : undefined}>{heading}</span>
            </th>
          ))}
        >
          {rows.map((row) => {
            const unopened = row.seenAt === null && row.status === 'accepted';
            const when = formatUtc(row.createdAt);
            const name = fullName(row.fields);
            return (
              <tr
                key={row.id}
                className={`border-t border-ink-200 ${unopened ? 'bg-brand-50 font-semibold' : ''}`}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    name="ids"
                    value={row.id}
                    form={SELECTED_FORM}
                    defaultChecked={tickedAll}
                    id={`select-${row.id}`}
                    className="size-4"
                  />
                  <input
                    type="hidden"
                    name="shown"
                    value={shownStage(row.id, row.stage)}
                    form={SELECTED_FORM}
                  />
                  <label htmlFor={`select-${row.id}`} className="sr-only">
                    {fill(inboxCopy.selectLead, { when, name: name || visible(row.fields.email) })}
                  </label>
                </td>
                <td className="max-w-[14rem] break-words px-3 py-2">
                  <a
                    href={inboxListPath(`/admin/leads/${row.id}`, query, page)}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {name || visible(row.fields.email) || inboxCopy.noName}
                  </a>
                  {unopened && (
                    <span className="ml-2 whitespace-nowrap rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {inboxCopy.unopened}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">
                  {row.status === 'spam' ? spamLabels.spam : stageLabels[row.stage]}
                </td>
                <td className="whitespace-nowrap px-3 py-2">{when}</td>
                <td className="px-3 py-2">{formNames[row.form]}</td>
                <td className="max-w-[16rem] break-all px-3 py-2">{visible(row.fields.email)}</td>
                <td className="px-3 py-2">{row.delivery ? deliveryLabels[row.delivery] : ''}</td>
              </tr>
            );
          })}
        </ScrollTable>
      )}
      <p id={BELOW_LIST} tabIndex={-1} className="sr-only">
        {inboxCopy.listEnd}
      </p>
      {pages > 1 && (
        <Pager
          label={inboxCopy.pages}
          position={fill(inboxCopy.pageOf, { page, pages })}
          previous={page > 1 ? { href: pageLink(page - 1), text: inboxCopy.previous } : null}
          next={page < pages ? { href: pageLink(page + 1), text: inboxCopy.next } : null}
        />
      )}
      {rows.length > 0 && (
        <Panel
          id="selected-heading"
          heading={inboxCopy.selectedHeading}
          intro={inboxCopy.selectedIntro}
          className="mt-6"
        >
          <ActionForm
            action={changeSelected}
            id={SELECTED_FORM}
            className="mt-3 flex flex-wrap items-end gap-3"
          >
            <SelectField
              id="selected-stage"
              name="stage"
              label={inboxCopy.setStageTo}
              options={Object.entries(stageLabels)}
            />
            {(
              [
                ['stage', inboxCopy.applyStage, 'primary'],
                ['spam', inboxCopy.markSpam, 'secondary'],
                ['not_spam', inboxCopy.markNotSpam, 'secondary'],
              ] as const
            ).map(([op, text, variant]) => (
              <button
                key={op}
                type="submit"
                name="op"
                value={op}
                className={buttonClass(variant, 'sm')}
              >
                {text}
              </button>
            ))}
          </ActionForm>
        </Panel>
      )}
      <Panel
        id="export-heading"
        heading={inboxCopy.exportHeading}
        intro={inboxCopy.exportIntro}
        className="mt-6"
      >
        <ActionForm action="/admin/leads.csv" className="mt-3">
          {[...kept].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass('secondary', 'sm')}>
            {inboxCopy.exportCsv}
          </button>
        </ActionForm>
      </Panel>
      <Panel
        id="deliveries-heading"
        heading={inboxCopy.bulkHeading}
        intro={inboxCopy.bulkIntro}
        className="mt-6"
      >
        <div className="mt-3 flex flex-wrap gap-6">
          {(
            [
              ['send-now', sendNow, inboxCopy.sendNow],
              ['deliver-skipped', deliverSkipped, inboxCopy.deliverSkipped],
            ] as const
          ).map(([key, action, text]) => (
            <ActionForm key={key} action={action} className="flex flex-wrap items-end gap-2">
              <SelectField
                id={`${key}-form`}
                name="form"
                label={fill(inboxCopy.bulkForm, { action: text })}
                options={leadForms.map((form) => [form, formNames[form]])}
                any={inboxCopy.allForms}
                defaultValue={query.form ?? ''}
              />
              <button type="submit" className={buttonClass('primary', 'sm')}>
                {text}
              </button>
            </ActionForm>
          ))}
        </div>
      </Panel>
    </>
  );
}
