import { honeypotLabel } from '@/content/forms';
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from '@/lib/lead-forms';

/** The spam checks' fields (docs/product.md section 6.6): a honeypot, when the form was shown. */
export function SpamFields({ formId }: { formId: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] top-auto size-px overflow-hidden">
        <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>{honeypotLabel}</label>
        <input
          id={`${formId}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {/* No value prop, which React would restore on every render; useLeadForm fills it in. */}
      <input type="hidden" name={STARTED_AT_FIELD} />
    </>
  );
}
