import { deliveryLabels, formNames, inboxCopy, spamLabels, stageLabels } from '@/content/admin';
import { leadForms } from '@/lib/lead-forms';
import { buttonClass } from '@/components/ui/button-styles';
import { InputField, SelectField } from './fields';

/** The filters as the address gives them (dates as 2026-01-31); '' when unset. */
export type FilterValues = Record<
  'q' | 'form' | 'stage' | 'status' | 'delivery' | 'from' | 'to',
  string
>;

/** Per field, the ids of the problems said about its value in the address. */
export type FilterErrors = Partial<Record<keyof FilterValues, string>>;

const selects = [
  ['form', inboxCopy.form, leadForms.map((form) => [form, formNames[form]])],
  ['stage', inboxCopy.stage, Object.entries(stageLabels)],
  ['status', inboxCopy.spam, Object.entries(spamLabels)],
  ['delivery', inboxCopy.delivery, Object.entries(deliveryLabels)],
] as const satisfies ReadonlyArray<readonly [keyof FilterValues, string, Array<[string, string]>]>;

/** The inbox's filters: a GET form, so a filtered view is a link that can be kept or shared among operators. */
export function LeadFilters({
  values,
  errors,
  searchMax,
}: {
  values: FilterValues;
  errors: FilterErrors;
  searchMax: number;
}) {
  // The page opens on the first field the address got wrong, which reads out its problem.
  const first = (['q', ...selects.map(([name]) => name), 'from', 'to'] as const).find(
    (name) => errors[name],
  );
  return (
    <form
      method="get"
      action="/admin"
      aria-label={inboxCopy.filters}
      className="mt-6 grid gap-4 rounded-xl border border-ink-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2 lg:col-span-6">
        <InputField
          id="filter-q"
          label={inboxCopy.search}
          name="q"
          type="search"
          defaultValue={values.q}
          maxLength={searchMax}
          error={errors.q}
          autoFocus={first === 'q'}
        />
      </div>
      {selects.map(([name, label, options]) => (
        <SelectField
          key={name}
          id={`filter-${name}`}
          name={name}
          label={label}
          options={options}
          defaultValue={values[name]}
          any={inboxCopy.any}
          error={errors[name]}
          autoFocus={first === name}
        />
      ))}
      {(['from', 'to'] as const).map((name) => (
        <InputField
          key={name}
          id={`filter-${name}`}
          label={inboxCopy[name]}
          name={name}
          type="date"
          min="1970-01-01"
          max="9999-12-31"
          defaultValue={values[name]}
          error={errors[name]}
          autoFocus={first === name}
        />
      ))}
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
