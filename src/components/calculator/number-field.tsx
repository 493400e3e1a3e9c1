import type { ChangeEvent } from 'react';
import type { CalculatorFieldCopy } from '@/content/pages/revenue-calculator';
import { cn } from '@/lib/cn';
import { fieldRules, type CalculatorField } from '@/lib/calculate-revenue';

/**
 * One calculator input with its unit, help and error. The native attributes carry the rules when
 * JavaScript is off; with it the form shows its own wording.
 */
export function NumberField({
  field,
  copy,
  value,
  error,
  onChange,
}: {
  field: CalculatorField;
  copy: CalculatorFieldCopy;
  value: string;
  error?: string;
  onChange: (field: CalculatorField, value: string) => void;
}) {
  const id = `calc-${field}`;
  const { min, max, step } = fieldRules[field];
  const prefix = copy.unit.position === 'prefix';
  const wideUnit = copy.unit.text.length > 2;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {copy.label}
        {copy.unit.spoken && <span className="sr-only"> ({copy.unit.spoken})</span>}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          name={field}
          type="number"
          inputMode={step === 1 ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          required
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-help` : `${id}-help`}
          className={cn(
            'block w-full rounded-lg border bg-white py-2.5 text-base text-ink-900 tabular-nums',
            'focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
            prefix ? 'pl-7 pr-3' : wideUnit ? 'pl-3 pr-20' : 'pl-3 pr-9',
            error ? 'border-red-700' : 'border-ink-500',
          )}
        />
        <span
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-y-0 flex items-center text-ink-600',
            prefix ? 'left-0 pl-3' : 'right-0 pr-3',
          )}
        >
          {copy.unit.text}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p id={`${id}-help`} className="mt-1 text-sm text-ink-600">
        {copy.help}
      </p>
    </div>
  );
}
