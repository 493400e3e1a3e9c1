import type { Step } from '@/content/types';
import { uiCopy } from '@/content/ui';
import { Section } from './section';

/** Numbered steps ("how it works", "what happens next"). */
export function StepList({
  id,
  heading,
  intro,
  steps,
}: {
  id: string;
  heading: string;
  intro?: string;
  steps: readonly Step[];
}) {
  return (
    <Section id={id} heading={heading} intro={intro} tone="muted">
      <ol className="mx-auto grid max-w-4xl gap-4">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-4 rounded-2xl border border-ink-200 bg-white p-6"
          >
            <span
              aria-hidden="true"
              className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-bold text-ink-900">
                <span className="sr-only">{uiCopy.stepNumber(index + 1)}</span>
                {step.title}
              </h3>
              {/* wrap-anywhere: a step may name an email address, one unbreakable word. */}
              <p className="mt-1 text-ink-700 wrap-anywhere">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
