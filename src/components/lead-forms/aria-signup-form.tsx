'use client';

import { submitLabels, successCopy, unitOptions } from '@/content/forms';
import { leadFormRegistry } from '@/lib/lead-forms';
import { SelectField, TextField } from './fields';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

const FORM_ID = leadFormRegistry['aria-signup'].formId;

export function AriaSignupForm() {
  const lead = useLeadForm('aria-signup', FORM_ID);
  const field = { formId: FORM_ID, onEdit: lead.clearError };
  const { errors } = lead;
  return (
    <LeadFormFrame
      form="aria-signup"
      formId={FORM_ID}
      lead={lead}
      labels={submitLabels['aria-signup']}
      success={successCopy['aria-signup']}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field} name="firstName" required error={errors.firstName} />
        <TextField {...field} name="lastName" required error={errors.lastName} />
        <TextField {...field} name="email" type="email" required error={errors.email} />
        <TextField {...field} name="phone" type="tel" required error={errors.phone} />
        <TextField {...field} name="propertyName" required error={errors.propertyName} />
        <SelectField {...field} name="units" options={unitOptions} error={errors.units} />
      </div>
    </LeadFormFrame>
  );
}
