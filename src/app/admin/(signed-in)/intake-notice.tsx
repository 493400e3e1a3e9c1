import { intakeErrorWords, intakeNotice } from '@/content/admin';
import { fill } from '@/lib/fill';
import { formatUtc } from '@/lib/utc-time';
import type { IntakeHealth } from '@/server/leads/intake-health';

/** Above every inbox page while the site refuses leads: since when, why, how many. */
export function IntakeNotice({ intake }: { intake: IntakeHealth }) {
  if (intake.storing) return null;
  return (
    <section
      aria-labelledby="intake-notice-heading"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h2 id="intake-notice-heading" className="font-semibold">
        {intakeNotice.heading}
      </h2>
      <p className="mt-1">
        {fill(intakeNotice.body, {
          since: formatUtc(intake.since),
          error: intakeErrorWords[intake.error],
          refused: intake.refused,
        })}
      </p>
      <p className="mt-1">{intakeNotice.help}</p>
    </section>
  );
}
