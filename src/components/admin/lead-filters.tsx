import Link from 'next/link';
import { deliveryLabels, formNames, inboxCopy, leadCopy } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { buttonClass } from '@/components/ui/button-styles';
import { deliveryStatuses, leadStatuses } from '@/server/db/schema';
import { leadQueryParams, MAX_SEARCH_CHARS, type LeadQuery } from '@/server/leads/queries';

const control =
  'mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-900';
const label = 'block text-sm font-semibold text-ink-800';

/** The inbox's filters: a GET form, so a filtered view is a link that can be kept or shared among operators. */
export function LeadFilters({ query }: { query: LeadQuery }) {
  const to = query.to ? new Date(query.to.getTime() - 86_400_000).toISOString().slice(0, 10) : '';
  return (
    <form
      method="get"
      action="/admin"
      aria-label={inboxCopy.filters}
      className="mt-6 grid gap-4 rounded-xl border border-ink-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2 lg:col-span-6">
        <label htmlFor="filter-q" className={label}>
          {inboxCopy.search}
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          maxLength={MAX_SEARCH_CHARS}
          className={control}
        />
      </div>
      <Select
        id="filter-form"
        name="form"
        label={inboxCopy.form}
        value={query.form}
        options={leadForms.map((form) => [form, formNames[form]])}
      />
      <Select
        id="filter-status"
        name="status"
        label={inboxCopy.leadStatus}
        value={query.status}
        options={leadStatuses.map((status) => [status, leadCopy.leadStatus[status]])}
      />
      <Select
        id="filter-delivery"
        name="delivery"
        label={inboxCopy.delivery}
        value={query.delivery}
        options={deliveryStatuses.map((status) => [status, deliveryLabels[status]])}
      />
      <div>
        <label htmlFor="filter-from" className={label}>
          {inboxCopy.from}
        </label>
        <input
          id="filter-from"
          name="from"
          type="date"
          defaultValue={query.from?.toISOString().slice(0, 10) ?? ''}
          className={control}
        />
      </div>
      <div>
        <label htmlFor="filter-to" className={label}>
          {inboxCopy.to}
        </label>
        <input id="filter-to" name="to" type="date" defaultValue={to} className={control} />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClass('primary', 'sm')}>
          {inboxCopy.apply}
        </button>
        <Link href="/admin" prefetch={false} className={buttonClass('ghost', 'sm')}>
          {inboxCopy.clear}
        </Link>
      </div>
      <div className="flex items-end sm:col-span-2 lg:col-span-6">
        <a
          href={`/api/admin/leads.csv?${leadQueryParams(query)}`}
          className={buttonClass('secondary', 'sm')}
          download
        >
          {inboxCopy.exportCsv}
        </a>
      </div>
    </form>
  );
}

function Select({
  id,
  name,
  label: text,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value?: string;
  options: Array<[string, string]>;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={control}>
        <option value="">{inboxCopy.any}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
