'use client';

import type { ReactNode } from 'react';
import type { LeadForm } from '@/lib/lead-forms';
import { buttonClass } from '@/components/ui/button-styles';
import { FailureBanner, FormSuccess, RequiredNote, SubmitButton } from './form-parts';
import { NoScriptOutcome } from './no-script-outcome';
import { SpamFields } from './spam-fields';
import type { SubmitFailure, useLeadForm } from './use-lead-form';

type SuccessCopy = {
  heading: string;
  body: string;
  actions: readonly { label: string; href: string }[];
};

/** What every lead form shares around its fields: the plain-post <form>, outcomes, button. */
export function LeadFormFrame({
  form,
  formId,
  lead,
  labels,
  success,
  describeFailure,
  onCancel,
  cancelLabel,
  children,
}: {
  form: LeadForm;
  formId: string;
  lead: ReturnType<typeof useLeadForm>;
  labels: { idle: string; busy: string };
  /** Replaces the form once accepted; without it the form stays while the page moves on. */
  success?: SuccessCopy;
  describeFailure?: (failure: SubmitFailure) => string;
  onCancel?: () => void;
  cancelLabel?: string;
  children: ReactNode;
}) {
  const { formRef, status, failure, hydrated, onSubmit } = lead;
  if (success && status === 'success') return <FormSuccess copy={success} />;
  return (
    <div data-lead-form>
      {!hydrated && <NoScriptOutcome form={form} formId={formId} success={success} />}
      <form
        ref={formRef}
        id={formId}
        method="post"
        action={`/api/leads/${form}`}
        // Browser validation until hydrated (JavaScript off); then the shared rules' messages.
        noValidate={hydrated}
        onSubmit={onSubmit}
        className="relative space-y-5"
      >
        <RequiredNote />
        <FailureBanner failure={failure} describe={describeFailure} />
        {children}
        <SpamFields formId={formId} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel && (
            <button type="button" onClick={onCancel} className={buttonClass('secondary', 'lg')}>
              {cancelLabel}
            </button>
          )}
          <SubmitButton
            busy={status !== 'idle'}
            labels={labels}
            className={onCancel ? undefined : 'w-full'}
          />
        </div>
      </form>
    </div>
  );
}
