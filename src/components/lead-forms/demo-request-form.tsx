'use client';

import { callVolumeOptions, industryOptions, submitLabels, successCopy } from '@/content/forms';
import { demoSchema } from '@/lib/schemas/leads';
import { SelectField, TextAreaField, TextField } from './fields';
import { FailureBanner, FormSuccess, RequiredNote, SubmitButton } from './form-parts';
import { NoScriptOutcome } from './no-script-outcome';
import { SpamFields } from './spam-fields';
import { useLeadForm } from './use-lead-form';

const FORM_ID = 'demo-form';

export function DemoRequestForm() {
  const { formRef, status, errors, failure, startedAt, clearError, onSubmit } = useLeadForm('demo', FORM_ID, demoSchema);
  if (status === 'success') return <FormSuccess copy={successCopy.demo} />;
  const field = { formId: FORM_ID, onEdit: clearError };
  return (
    <div data-lead-form>
      {startedAt === null && <NoScriptOutcome formId={FORM_ID} success={successCopy.demo} />}
      <form
        ref={formRef}
        id={FORM_ID}
        method="post"
        action="/api/leads/demo"
        noValidate={startedAt !== null}
        onSubmit={onSubmit}
        className="relative space-y-5"
      >
        <RequiredNote />
        <FailureBanner failure={failure} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field} name="firstName" required error={errors.firstName} />
          <TextField {...field} name="lastName" required error={errors.lastName} />
          <TextField {...field} name="email" type="email" required error={errors.email} />
          <TextField {...field} name="phone" type="tel" required error={errors.phone} />
        </div>
        <TextField {...field} name="company" required error={errors.company} />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField {...field} name="industry" options={industryOptions} placeholder="Select your industry" error={errors.industry} />
          <SelectField {...field} name="callVolume" options={callVolumeOptions} placeholder="Select a range" error={errors.callVolume} />
        </div>
        <TextAreaField {...field} name="message" error={errors.message} />
        <SpamFields formId={FORM_ID} startedAt={startedAt} />
        <SubmitButton busy={status === 'submitting'} labels={submitLabels.demo} className="w-full" />
      </form>
    </div>
  );
}
