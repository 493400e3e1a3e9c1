import { honeypotLabel } from '@/content/forms';
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from '@/lib/lead-forms';

/**
 * A honeypot people never see or reach (off-screen, out of the tab order,
 * hidden from assistive technology) and the time the form was shown, for the
 * server's minimum-fill-time check. Bots that fill every field are answered
 * like everyone else but never forwarded.
 */
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
      {/* No value prop: React would put it back on every render. useLeadForm fills it in once hydrated. */}
      <input type="hidden" name={STARTED_AT_FIELD} />
    </>
  );
}
