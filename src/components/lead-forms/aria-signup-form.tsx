'use client';

import { submitLabels, successCopy, unitOptions } from '@/content/forms';
import { ariaSignupSchema } from '@/lib/schemas/leads';
import { SelectField, TextField } from './fields';
import { FailureBanner, FormSuccess, RequiredNote, SubmitButton } from './form-parts';
import { NoScriptOutcome } from './no-script-outcome';
import { SpamFields } from './spam-fields';
import { useLeadForm } from './use-lead-form';

const FORM_ID = 'aria-signup-form';

export function AriaSignupForm() {
  const { formRef, status, errors, failure, startedAt, clearError, onSubmit } = useLeadForm('aria-signup', FORM_ID, ariaSignupSchema);
  if (status === 'success') return <FormSuccess copy={successCopy['aria-signup']} />;
  const field = { formId: FORM_ID, onEdit: clearError };
  return (
    <div data-lead-form>
      {startedAt === null && <NoScriptOutcome formId={FORM_ID} success={successCopy['aria-signup']} />}
      <form
        ref={formRef}
        id={FORM_ID}
        method="post"
        action="/api/leads/aria-signup"
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
          <TextField {...field} name="propertyName" required error={errors.propertyName} />
          <SelectField {...field} name="units" options={unitOptions} placeholder="Select a range" error={errors.units} />
        </div>
        <SpamFields formId={FORM_ID} startedAt={startedAt} />
        <SubmitButton busy={status === 'submitting'} labels={submitLabels['aria-signup']} className="w-full" />
      </form>
    </div>
  );
}
