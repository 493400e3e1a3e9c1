import { deliveryLabels, formNames, inboxCopy, spamLabels, stageLabels } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { buttonClass } from '@/components/ui/button-styles';

const control =
  'mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-900';
const label = 'block text-sm font-semibold text-ink-800';

/** The filters as the address gives them (dates as 2026-01-31); '' when unset. */
export type FilterValues = Record<
  'q' | 'form' | 'stage' | 'status' | 'delivery' | 'from' | 'to',
  string
>;

/** The inbox's filters: a GET form, so a filtered view is a link that can be kept or shared among operators. */
export function LeadFilters({ values, searchMax }: { values: FilterValues; searchMax: number }) {
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
          defaultValue={values.q}
          maxLength={searchMax}
          className={control}
        />
      </div>
      <Select
        name="form"
        label={inboxCopy.form}
        value={values.form}
        options={leadForms.map((form) => [form, formNames[form]])}
      />
      <Select
        name="stage"
        label={inboxCopy.stage}
        value={values.stage}
        options={Object.entries(stageLabels)}
      />
      <Select
        name="status"
        label={inboxCopy.spam}
        value={values.status}
        options={Object.entries(spamLabels)}
      />
      <Select
        name="delivery"
        label={inboxCopy.delivery}
        value={values.delivery}
        options={Object.entries(deliveryLabels)}
      />
      <div>
        <label htmlFor="filter-from" className={label}>
          {inboxCopy.from}
        </label>
        <input
          id="filter-from"
          name="from"
          type="date"
          min="1970-01-01"
          max="9999-12-31"
          defaultValue={values.from}
          className={control}
        />
      </div>
      <div>
        <label htmlFor="filter-to" className={label}>
          {inboxCopy.to}
        </label>
        <input
          id="filter-to"
          name="to"
          type="date"
          min="1970-01-01"
          max="9999-12-31"
          defaultValue={values.to}
          className={control}
        />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6">
        <button type="submit" className={buttonClass('primary', 'sm')}>
          {inboxCopy.apply}
        </button>
        <a href="/admin" className={buttonClass('ghost', 'sm')}>
          {inboxCopy.clear}
        </a>
      </div>
    </form>
  );
}

function Select({
  name,
  label: text,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
}) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <select id={id} name={name} defaultValue={value} className={control}>
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
