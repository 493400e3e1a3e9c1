import type { ReactNode } from 'react';
import { fieldCopy, optionalMark, type FieldCopy } from '@/content/forms';
import { cn } from '@/lib/cn';
import { formatPatterns } from '@/lib/validation';

type FieldName = keyof typeof fieldCopy;

type CommonProps = {
  /** The form's id, so ids stay unique when two forms share a page. */
  formId: string;
  name: FieldName;
  error?: string;
  required?: boolean;
  onEdit: (name: string) => void;
};

const controlClass = (error?: string) =>
  cn(
    'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink-900 placeholder:text-ink-600/70',
    'focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
    error ? 'border-red-700' : 'border-ink-500',
  );

function FieldShell({
  formId,
  name,
  error,
  required,
  children,
}: Omit<CommonProps, 'onEdit'> & { children: ReactNode }) {
  const copy: FieldCopy = fieldCopy[name];
  const id = `${formId}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {copy.label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-ink-600"> {optionalMark}</span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function controlProps({ formId, name, error, required, onEdit }: CommonProps) {
  const id = `${formId}-${name}`;
  return {
    id,
    name,
    required,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onInput: () => onEdit(name),
    onChange: () => onEdit(name),
  } as const;
}

export function TextField(
  props: CommonProps & { type?: 'text' | 'email' | 'tel' | 'url'; defaultValue?: string },
) {
  const copy: FieldCopy = fieldCopy[props.name];
  return (
    <FieldShell {...props}>
      <input
        {...controlProps(props)}
        type={props.type ?? 'text'}
        inputMode={props.type === 'url' ? 'url' : undefined}
        autoComplete={copy.autoComplete}
        placeholder={copy.placeholder}
        // Checked by the browser before a plain post (JavaScript off or not yet run); once the
        // form is hydrated it checks with the rules themselves (noValidate).
        pattern={formatPatterns[props.name as keyof typeof formatPatterns]}
        title={copy.format}
        defaultValue={props.defaultValue}
        className={controlClass(props.error)}
      />
    </FieldShell>
  );
}

export function SelectField(
  props: CommonProps & { options: readonly { value: string; label: string }[] },
) {
  const copy: FieldCopy = fieldCopy[props.name];
  return (
    <FieldShell {...props}>
      <select {...controlProps(props)} defaultValue="" className={controlClass(props.error)}>
        <option value="">{copy.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function TextAreaField(props: CommonProps) {
  const copy: FieldCopy = fieldCopy[props.name];
  return (
    <FieldShell {...props}>
      <textarea
        {...controlProps(props)}
        rows={4}
        placeholder={copy.placeholder}
        className={controlClass(props.error)}
      />
    </FieldShell>
  );
}
