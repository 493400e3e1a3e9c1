'use client';

import { useRouter } from 'next/navigation';
import { growthAuditDialog, submitLabels } from '@/content/forms';
import { growthAuditSchema } from '@/lib/schemas/leads';
import { buttonClass } from '@/components/ui/button-styles';
import { TextField } from './fields';
import { FailureBanner, RequiredNote, SubmitButton } from './form-parts';
import { NoScriptOutcome } from './no-script-outcome';
import { SpamFields } from './spam-fields';
import { growthAuditFailureMessage, useLeadForm } from './use-lead-form';

/**
 * The growth-audit lead form. On success the visitor goes to /thank-you.
 * `formId` keeps ids unique when the page shows the form inline and in the dialog.
 */
export function GrowthAuditForm({ formId = 'growth-audit-form', onCancel }: { formId?: string; onCancel?: () => void }) {
  const router = useRouter();
  const { formRef, status, errors, failure, startedAt, clearError, onSubmit } = useLeadForm('growth-audit', formId, growthAuditSchema, () => {
    onCancel?.();
    router.push('/thank-you');
  });
  const field = { formId, onEdit: clearError };
  return (
    <div data-lead-form>
      {startedAt === null && <NoScriptOutcome formId={formId} />}
      <form
        ref={formRef}
        id={formId}
        method="post"
        action="/api/leads/growth-audit"
        noValidate={startedAt !== null}
        onSubmit={onSubmit}
        className="relative space-y-5"
      >
        <RequiredNote />
        <FailureBanner failure={failure} describe={growthAuditFailureMessage} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field} name="firstName" required error={errors.firstName} />
          <TextField {...field} name="lastName" required error={errors.lastName} />
        </div>
        <TextField {...field} name="email" type="email" required error={errors.email} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field} name="phone" type="tel" error={errors.phone} />
          <TextField {...field} name="website" type="text" error={errors.website} />
        </div>
        <SpamFields formId={formId} startedAt={startedAt} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel && (
            <button type="button" onClick={onCancel} className={buttonClass('secondary', 'lg')}>
              {growthAuditDialog.cancelLabel}
            </button>
          )}
          <SubmitButton busy={status === 'submitting' || status === 'success'} labels={submitLabels['growth-audit']} />
        </div>
      </form>
    </div>
  );
}
