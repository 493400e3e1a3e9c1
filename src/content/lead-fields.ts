import { leadSchema, type LeadForm } from '@/lib/lead-forms';
import { callVolumeOptions, fieldCopy, industryOptions, unitOptions } from './forms';

const optionLabels: Record<string, ReadonlyArray<{ value: string; label: string }>> = {
  industry: industryOptions,
  callVolume: callVolumeOptions,
  units: unitOptions,
};

/**
 * A lead's fields as the agency reads them (its email, the inbox): each filled field's label and
 * value, a choice by the words the visitor picked, in the form's order; then any field the form no
 * longer has. The database keeps no order of its own.
 */
export function leadFieldRows(
  form: LeadForm,
  fields: Record<string, string>,
): Array<[label: string, value: string]> {
  const names: readonly string[] = leadSchema(form).fields;
  return [...names, ...Object.keys(fields).filter((name) => !names.includes(name))]
    .filter((name) => (fields[name] ?? '') !== '')
    .map((name) => {
      const value = fields[name]!;
      const label = fieldCopy[name as keyof typeof fieldCopy]?.label ?? name;
      return [label, optionLabels[name]?.find((option) => option.value === value)?.label ?? value];
    });
}
