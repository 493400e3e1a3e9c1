'use client';

import { submitLabels, successCopy } from '@/content/forms';
import { leadFormRegistry } from '@/lib/lead-forms';
import { TextAreaField, TextField } from './fields';
import { LeadFormFrame } from './lead-form-frame';
import { useLeadForm } from './use-lead-form';

const FORM_ID = leadFormRegistry['contact'].formId;

export function ContactForm() {
  const lead = useLeadForm('contact', FORM_ID);
  const field = { formId: FORM_ID, onEdit: lead.clearError };
  return (
    <LeadFormFrame
      form="contact"
      formId={FORM_ID}
      lead={lead}
      labels={submitLabels.contact}
      success={successCopy.contact}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field} name="firstName" required error={lead.errors.firstName} />
        <TextField {...field} name="lastName" required error={lead.errors.lastName} />
      </div>
      <TextField {...field} name="email" type="email" required error={lead.errors.email} />
      <TextField {...field} name="phone" type="tel" error={lead.errors.phone} />
      <TextAreaField {...field} name="message" error={lead.errors.message} />
    </LeadFormFrame>
  );
}
