'use client';

import { useRouter } from 'next/navigation';
import { growthAuditDialog, submitLabels } from '@/content/forms';
import { leadFormRegistry } from '@/lib/lead-forms';
import { TextField } from './fields';
import { LeadFormFrame } from './lead-form-frame';
import { growthAuditFailureMessage, useLeadForm } from './use-lead-form';

/**
 * The growth-audit lead form. On success the visitor goes to /thank-you.
 * `formId` keeps ids unique when the page shows the form inline and in the dialog.
 */
export function GrowthAuditForm({
  formId = leadFormRegistry['growth-audit'].formId,
  onCancel,
}: {
  formId?: string;
  onCancel?: () => void;
}) {
  const router = useRouter();
  const lead = useLeadForm('growth-audit', formId, () => {
    onCancel?.();
    router.push(leadFormRegistry['growth-audit'].success);
  });
  const field = { formId, onEdit: lead.clearError };
  const { errors } = lead;
  return (
    <LeadFormFrame
      form="growth-audit"
      formId={formId}
      lead={lead}
      labels={submitLabels['growth-audit']}
      describeFailure={growthAuditFailureMessage}
      onCancel={onCancel}
      cancelLabel={growthAuditDialog.cancelLabel}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field} name="firstName" required error={errors.firstName} />
        <TextField {...field} name="lastName" required error={errors.lastName} />
      </div>
      <TextField {...field} name="email" type="email" required error={errors.email} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field} name="phone" type="tel" error={errors.phone} />
        <TextField {...field} name="website" type="text" error={errors.website} />
      </div>
    </LeadFormFrame>
  );
}
