import type { InputHTMLAttributes } from 'react';

export const labelClass = 'block text-sm font-semibold text-ink-800';
const controlClass =
  'mt-1 block w-full rounded-lg border border-ink-500 bg-white px-3 py-2 text-sm text-ink-900';

/** Element ids as one aria-describedby value, or undefined when there are none. */
export const idRefs = (...ids: Array<string | undefined>) =>
  ids.filter(Boolean).join(' ') || undefined;

/** A labelled select; with `any`, a first option '' that stands for no choice. */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  any,
  describedBy,
  error,
  autoFocus,
}: {
  id: string;
  name: string;
  label: string;
  options: Array<[string, string]>;
  defaultValue?: string;
  any?: string;
  autoFocus?: boolean;
  /** The id of a hint about the field's value. */
  describedBy?: string;
  /** The id (or ids) of what is wrong with the field's value: the field is then invalid. */
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-describedby={idRefs(describedBy, error)}
        aria-invalid={error ? true : undefined}
        autoFocus={autoFocus}
        className={controlClass}
      >
        {any !== undefined && <option value="">{any}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled input, invalid with `error` as SelectField is; the rest of its attributes as given. */
export function InputField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        className={controlClass}
        aria-invalid={error ? true : undefined}
        {...input}
        aria-describedby={idRefs(input['aria-describedby'], error)}
      />
    </div>
  );
}
