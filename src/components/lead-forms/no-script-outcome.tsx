import { formErrorCopy, noScriptCopy } from '@/content/forms';
import { goingBackHelps, leadFormErrorFragment } from '@/lib/lead-form-redirect';
import { leadFormRegistry, type LeadForm } from '@/lib/lead-forms';
import { OutcomeActions } from './outcome-actions';

// Refusals of the whole post that no detail can fix: each has its panel (lead-form-redirect.ts).
const WHOLE_POST_CODES = ['too_large', 'rate_limited', 'unavailable', 'foreign'] as const;
const errorPanel =
  'hidden rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 target:block';

/**
 * Outcomes of a plain form post (docs/product.md section 6.5), shown by CSS :target on the static
 * page; globals.css hides the form beside a shown success panel. Hydrated, the hook takes over.
 */
export function NoScriptOutcome({
  form,
  formId,
  success,
}: {
  form: LeadForm;
  formId: string;
  success?: { heading: string; body: string; actions: readonly { label: string; href: string }[] };
}) {
  return (
    <>
      {success && (
        <div id={`${formId}-sent`} data-outcome="sent" className="hidden target:block">
          <h2 className="text-2xl font-bold text-ink-900">{success.heading}</h2>
          <p className="mt-3 text-ink-700">{success.body}</p>
          <OutcomeActions actions={success.actions} />
        </div>
      )}
      <div id={`${formId}-error`} data-outcome="error" className={errorPanel}>
        <p>{noScriptCopy.errorIntro}</p>
        <ul className="mt-2 list-disc pl-5">
          {noScriptCopy.errorChecks
            .filter(({ about }) => !about || about in leadFormRegistry[form].fields)
            .map(({ text }) => (
              <li key={text}>{text}</li>
            ))}
        </ul>
      </div>
      {WHOLE_POST_CODES.map((code) => (
        <div
          key={code}
          id={leadFormErrorFragment(formId, { form: code })}
          data-outcome="error"
          className={errorPanel}
        >
          <p>{formErrorCopy[code]}</p>
          {goingBackHelps(code) && <p className="mt-2">{noScriptCopy.goBack}</p>}
        </div>
      ))}
    </>
  );
}
