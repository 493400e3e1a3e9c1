import type { ReactNode } from 'react';
import {
  deliveryNotice,
  formNames,
  intakeErrorWords,
  intakeNotice,
  overviewCopy,
} from '@/content/admin';
import { fill } from '@/lib/fill';
import { formatUtc } from '@/lib/utc-time';
import type { IntakeHealth } from '@/server/leads/intake-health';
import { webhookForm, type FailingPath, type HealthPath } from '@/server/outbox/delivery-health';

const tones = {
  failure: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
} as const;

/** A notice above every inbox page: something the agency must know before working its leads. */
function Notice({
  id,
  tone,
  heading,
  children,
}: {
  id: string;
  tone: keyof typeof tones;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`mb-6 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      <h2 id={id} className="font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** While the site refuses leads: since when, why, how many. */
export function IntakeNotice({ intake }: { intake: IntakeHealth }) {
  if (intake.storing) return null;
  return (
    <Notice id="intake-notice-heading" tone="failure" heading={intakeNotice.heading}>
      <p className="mt-1">
        {fill(intakeNotice.body, {
          since: formatUtc(intake.since),
          error: intakeErrorWords[intake.error],
          refused: intake.refused,
        })}
      </p>
      <p className="mt-1">{intakeNotice.help}</p>
    </Notice>
  );
}

function pathName(path: HealthPath): string {
  if (path === 'email' || path === 'chat') return overviewCopy.paths[path];
  return fill(deliveryNotice.webhook, { form: formNames[webhookForm(path)] });
}

/** While a configured way for leads to reach the agency fails: which, since when, and why. */
export function DeliveryNotice({ failing }: { failing: FailingPath[] }) {
  if (failing.length === 0) return null;
  return (
    <Notice id="delivery-notice-heading" tone="warning" heading={deliveryNotice.heading}>
      <ul className="mt-1 space-y-1 [overflow-wrap:anywhere]">
        {failing.map(({ path, since, lastError }) => (
          <li key={path}>
            {fill(deliveryNotice.line, {
              what: pathName(path),
              since: formatUtc(since),
              error: lastError ?? deliveryNotice.noError,
            })}
          </li>
        ))}
      </ul>
      <p className="mt-1">{deliveryNotice.help}</p>
      <p className="mt-1">
        <a href={deliveryNotice.href} className="font-semibold underline">
          {deliveryNotice.link}
        </a>
      </p>
    </Notice>
  );
}
