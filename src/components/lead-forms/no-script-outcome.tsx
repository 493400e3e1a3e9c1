import Link from 'next/link';
import { noScriptCopy } from '@/content/forms';
import { buttonClass } from '@/components/ui/button-styles';

/**
 * Outcomes of a plain form post (docs/product.md section 6.5), shown by CSS :target on the static
 * page; globals.css hides the form beside a shown success panel. Hydrated, the hook takes over.
 */
export function NoScriptOutcome({
  formId,
  success,
}: {
  formId: string;
  success?: { heading: string; body: string; actions: readonly { label: string; href: string }[] };
}) {
  return (
    <>
      {success && (
        <div id={`${formId}-sent`} data-outcome="sent" className="hidden target:block">
          <h2 className="text-2xl font-bold text-ink-900">{success.heading}</h2>
          <p className="mt-3 text-ink-700">{success.body}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {success.actions.map((action, index) => (
              <Link
                key={action.href}
                href={action.href}
                prefetch={false}
                className={buttonClass(index === 0 ? 'primary' : 'secondary', 'md')}
              >
                {action.label}
              </Link>
            ))}
          </div>
        </div>
      )}
      <div
        id={`${formId}-error`}
        data-outcome="error"
        className="hidden rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 target:block"
      >
        <p>{noScriptCopy.errorIntro}</p>
        <ul className="mt-2 list-disc pl-5">
          {noScriptCopy.errorChecks.map((check) => (
            <li key={check}>{check}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
