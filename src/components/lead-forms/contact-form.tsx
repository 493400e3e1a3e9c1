'use client';

import { submitLabels, successCopy } from '@/content/forms';
import { contactSchema } from '@/lib/schemas/leads';
import { TextAreaField, TextField } from './fields';
import { FailureBanner, FormSuccess, RequiredNote, SubmitButton } from './form-parts';
import { NoScriptOutcome } from './no-script-outcome';
import { SpamFields } from './spam-fields';
import { useLeadForm } from './use-lead-form';

const FORM_ID = 'contact-form';

export function ContactForm() {
  const { formRef, status, errors, failure, startedAt, clearError, onSubmit } = useLeadForm('contact', FORM_ID, contactSchema);
  if (status === 'success') return <FormSuccess copy={successCopy.contact} />;
  const field = { formId: FORM_ID, onEdit: clearError };
  return (
    <div data-lead-form>
      {startedAt === null && <NoScriptOutcome formId={FORM_ID} success={successCopy.contact} />}
      <form
        ref={formRef}
        id={FORM_ID}
        method="post"
        action="/api/leads/contact"
        // Browser validation until hydrated (JavaScript off); then the shared schema's messages.
        noValidate={startedAt !== null}
        onSubmit={onSubmit}
        className="relative space-y-5"
      >
        <RequiredNote />
        <FailureBanner failure={failure} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field} name="firstName" required error={errors.firstName} />
          <TextField {...field} name="lastName" required error={errors.lastName} />
        </div>
        <TextField {...field} name="email" type="email" required error={errors.email} />
        <TextField {...field} name="phone" type="tel" error={errors.phone} />
        <TextAreaField {...field} name="message" error={errors.message} />
        <SpamFields formId={FORM_ID} startedAt={startedAt} />
        <SubmitButton busy={status === 'submitting'} labels={submitLabels.contact} className="w-full" />
      </form>
    </div>
  );
}
