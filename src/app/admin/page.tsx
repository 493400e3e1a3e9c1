import type { Metadata } from 'next';
import Link from 'next/link';
import { deliveryLabels, formNames, inboxCopy } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { AdminPage } from '@/components/admin/admin-page';
import { CsrfField } from '@/components/admin/csrf-field';
import { formatUtc, fullName, param } from '@/components/admin/format';
import { LeadFilters } from '@/components/admin/lead-filters';
import { NoticeBanner } from '@/components/admin/notice-banner';
import { ColumnHeads, ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import { leadQueryParams, parseLeadQuery, searchLeads } from '@/server/leads/queries';

export const metadata: Metadata = { title: inboxCopy.title };

const PAGE_SIZE = 50;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function InboxPage({ searchParams }: Props) {
  const params = await searchParams;
  const values = Object.fromEntries(
    ['form', 'status', 'delivery', 'from', 'to', 'q'].map((name) => [name, param(params[name])]),
  );
  const { query, problems } = parseLeadQuery(values);
  const page = Math.max(1, Number.parseInt(param(params.page), 10) || 1);
  const filter = leadQueryParams(query).toString();
  const here = filter ? `/admin?${filter}` : '/admin';
  const { session } = await requireOperator(here);
  const { rows, total } = await searchLeads(query, { page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageLink = (n: number) => {
    const link = leadQueryParams(query);
    if (n > 1) link.set('page', String(n));
    return `/admin?${link}`;
  };

  return (
    <AdminPage path={here} section="/admin" heading={inboxCopy.heading}>
      <div className="mt-4 space-y-3">
        <NoticeBanner searchParams={params} />
        {problems.length > 0 && (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <p className="font-medium">{inboxCopy.problems}</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <LeadFilters query={query} />
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
          minWidth="min-w-[40rem]"
          className="mt-3  rounded-xl border border-ink-200 bg-white"
          columns={<ColumnHeads labels={Object.values(inboxCopy.columns)} />}
        >
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-ink-200">
              <td className="whitespace-nowrap px-3 py-2">
                <Link
                  href={`/admin/leads/${row.id}`}
                  prefetch={false}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {formatUtc(row.createdAt)}
                </Link>
              </td>
              <td className="px-3 py-2">{formNames[row.form]}</td>
              <td className="px-3 py-2">{fullName(row.fields)}</td>
              <td className="break-all px-3 py-2">{row.fields.email}</td>
              <td className="px-3 py-2">
                {row.delivery ? deliveryLabels[row.delivery] : row.status === 'spam' ? 'Spam' : ''}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 && (
        <nav
          aria-label={fill(inboxCopy.pageOf, { page, pages })}
          className="mt-4 flex items-center gap-3 text-sm"
        >
          {page > 1 && (
            <Link
              href={pageLink(page - 1)}
              prefetch={false}
              className={buttonClass('secondary', 'sm')}
            >
              {inboxCopy.previous}
            </Link>
          )}
          <span>{fill(inboxCopy.pageOf, { page, pages })}</span>
          {page < pages && (
            <Link
              href={pageLink(page + 1)}
              prefetch={false}
              className={buttonClass('secondary', 'sm')}
            >
              {inboxCopy.next}
            </Link>
          )}
        </nav>
      )}
      <section
        aria-labelledby="bulk-heading"
        className="mt-10 rounded-xl border border-ink-200 bg-white p-4"
      >
        <h2 id="bulk-heading" className="text-lg font-bold">
          {inboxCopy.bulkHeading}
        </h2>
        <div className="mt-3 flex flex-wrap gap-6">
          {(
            [
              ['requeue-failed', inboxCopy.requeueFailed],
              ['deliver-skipped', inboxCopy.deliverSkipped],
            ] as const
          ).map(([action, label]) => (
            <form
              key={action}
              method="post"
              action={`/api/admin/${action}`}
              className="flex flex-wrap items-end gap-2"
            >
              <CsrfField token={session.csrfToken} />
              <input type="hidden" name="returnTo" value="/admin" />
              <div>
                <label
                  htmlFor={`${action}-form`}
                  className="block text-sm font-semibold text-ink-800"
                >
                  {inboxCopy.bulkForm}
                </label>
                <select
                  id={`${action}-form`}
                  name="form"
                  className="mt-1 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm"
                >
                  <option value="">{inboxCopy.allForms}</option>
                  {leadForms.map((form) => (
                    <option key={form} value={form}>
                      {formNames[form]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass('primary', 'sm')}>
                {label}
              </button>
            </form>
          ))}
        </div>
      </section>
    </AdminPage>
  );
}
