import type { Metadata } from 'next';
import { deliveryLabels, formNames, inboxCopy, spamLabels, stageLabels } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { formatUtc, fullName, param, visible } from '@/components/admin/format';
import { LeadFilters, type FilterValues } from '@/components/admin/lead-filters';
import { ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import {
  leadQueryParams,
  MAX_SEARCH_CHARS,
  pageNumber,
  parseLeadQuery,
  searchLeads,
} from '@/server/leads/queries';
import { changeSelected, queueSkipped, resendFailed } from './actions';

export const metadata: Metadata = { title: inboxCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const FILTERS = ['q', 'form', 'stage', 'status', 'delivery', 'from', 'to'] as const;
const SELECTED_FORM = 'selected-leads';
const label = 'block text-sm font-semibold text-ink-800';
const control = 'mt-1 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm';

export default async function InboxPage({ searchParams }: Props) {
  await requireOperator();
  const params = await searchParams;
  const { query, problems } = parseLeadQuery(
    Object.fromEntries(FILTERS.map((name) => [name, param(params[name])])),
  );
  const { rows, total, page, pages } = await searchLeads(query, {
    page: pageNumber(param(params.page)),
  });
  const kept = leadQueryParams(query);
  const values = Object.fromEntries(
    FILTERS.map((name) => [name, name === 'q' ? visible(query.q) : (kept.get(name) ?? '')]),
  ) as FilterValues;
  const pageLink = (n: number) => {
    const link = leadQueryParams(query);
    if (n > 1) link.set('page', String(n));
    return `/admin${link.size ? `?${link}` : ''}`;
  };

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
            {problems.map((problem) => (
              <li key={problem} className="break-words">
                {visible(problem)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <LeadFilters values={values} searchMax={MAX_SEARCH_CHARS} />
      <p className="mt-6 text-sm font-semibold text-ink-800" role="status">
        {total === 1
          ? inboxCopy.oneMatch
          : fill(inboxCopy.matches, { count: total.toLocaleString('en-US') })}
      </p>
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
                    id={`select-${row.id}`}
                    className="size-4"
                  />
                  <label htmlFor={`select-${row.id}`} className="sr-only">
                    {fill(inboxCopy.selectLead, { when, name: name || visible(row.fields.email) })}
                  </label>
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <a
                    href={`/admin/leads/${row.id}`}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {when}
                  </a>
                  {unopened && (
                    <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {inboxCopy.unopened}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">{formNames[row.form]}</td>
                <td className="max-w-[14rem] break-words px-3 py-2">{name}</td>
                <td className="max-w-[16rem] break-all px-3 py-2">{visible(row.fields.email)}</td>
                <td className="px-3 py-2">
                  {row.status === 'spam' ? spamLabels.spam : stageLabels[row.stage]}
                </td>
                <td className="px-3 py-2">{row.delivery ? deliveryLabels[row.delivery] : ''}</td>
              </tr>
            );
          })}
        </ScrollTable>
      )}
      {pages > 1 && (
        <nav aria-label={inboxCopy.pages} className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 && (
            <a href={pageLink(page - 1)} className={buttonClass('secondary', 'sm')}>
              {inboxCopy.previous}
            </a>
          )}
          <span>{fill(inboxCopy.pageOf, { page, pages })}</span>
          {page < pages && (
            <a href={pageLink(page + 1)} className={buttonClass('secondary', 'sm')}>
              {inboxCopy.next}
            </a>
          )}
        </nav>
      )}
      {rows.length > 0 && (
        <section
          aria-labelledby="selected-heading"
          className="mt-6 rounded-xl border border-ink-200 bg-white p-4"
        >
          <h2 id="selected-heading" className="text-lg font-bold">
            {inboxCopy.selectedHeading}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{inboxCopy.selectedIntro}</p>
          <ActionForm
            action={changeSelected}
            id={SELECTED_FORM}
            className="mt-3 flex flex-wrap items-end gap-3"
          >
            <div>
              <label htmlFor="selected-stage" className={label}>
                {inboxCopy.setStageTo}
              </label>
              <select id="selected-stage" name="stage" className={control}>
                {Object.entries(stageLabels).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="op" value="stage" className={buttonClass('primary', 'sm')}>
              {inboxCopy.applyStage}
            </button>
            <button type="submit" name="op" value="spam" className={buttonClass('secondary', 'sm')}>
              {inboxCopy.markSpam}
            </button>
            <button
              type="submit"
              name="op"
              value="not_spam"
              className={buttonClass('secondary', 'sm')}
            >
              {inboxCopy.markNotSpam}
            </button>
          </ActionForm>
        </section>
      )}
      <section
        aria-labelledby="export-heading"
        className="mt-6 rounded-xl border border-ink-200 bg-white p-4"
      >
        <h2 id="export-heading" className="text-lg font-bold">
          {inboxCopy.exportHeading}
        </h2>
        <p className="mt-1 text-sm text-ink-700">{inboxCopy.exportIntro}</p>
        <ActionForm action="/admin/leads.csv" className="mt-3">
          {[...kept].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass('secondary', 'sm')}>
            {inboxCopy.exportCsv}
          </button>
        </ActionForm>
      </section>
      <section
        aria-labelledby="deliveries-heading"
        className="mt-6 rounded-xl border border-ink-200 bg-white p-4"
      >
        <h2 id="deliveries-heading" className="text-lg font-bold">
          {inboxCopy.bulkHeading}
        </h2>
        <div className="mt-3 flex flex-wrap gap-6">
          {(
            [
              ['requeue-failed', resendFailed, inboxCopy.requeueFailed],
              ['deliver-skipped', queueSkipped, inboxCopy.deliverSkipped],
            ] as const
          ).map(([key, action, text]) => (
            <ActionForm key={key} action={action} className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={`${key}-form`} className={label}>
                  {inboxCopy.bulkForm}
                </label>
                <select id={`${key}-form`} name="form" className={control}>
                  <option value="">{inboxCopy.allForms}</option>
                  {leadForms.map((form) => (
                    <option key={form} value={form}>
                      {formNames[form]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass('primary', 'sm')}>
                {text}
              </button>
            </ActionForm>
          ))}
        </div>
      </section>
    </>
  );
}
