'use client';

import { callVolumeOptions, industryOptions, submitLabels, successCopy } from '@/content/forms';
import { leadFormRegistry } from '@/lib/lead-forms';
import { SelectField, TextAreaField, TextField } from './fields';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

const FORM_ID = leadFormRegistry['demo'].formId;

export function DemoRequestForm() {
  const lead = useLeadForm('demo', FORM_ID);
  const field = { formId: FORM_ID, onEdit: lead.clearError };
  const { errors } = lead;
  return (
    <LeadFormFrame
      form="demo"
      formId={FORM_ID}
      lead={lead}
      labels={submitLabels.demo}
      success={successCopy.demo}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field} name="firstName" required error={errors.firstName} />
        <TextField {...field} name="lastName" required error={errors.lastName} />
        <TextField {...field} name="email" type="email" required error={errors.email} />
        <TextField {...field} name="phone" type="tel" required error={errors.phone} />
      </div>
      <TextField {...field} name="company" required error={errors.company} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField {...field} name="industry" options={industryOptions} error={errors.industry} />
        <SelectField
          {...field}
          name="callVolume"
          options={callVolumeOptions}
          error={errors.callVolume}
        />
      </div>
      <TextAreaField {...field} name="message" error={errors.message} />
    </LeadFormFrame>
  );
}
