'use client';

import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { requiredNote } from '@/content/forms';
import { OutcomeActions } from './outcome-actions';
import type { SubmitFailure } from './use-lead-form';
import { failureMessage } from './use-lead-form';

export function SubmitButton({
  busy,
  labels,
  className,
}: {
  busy: boolean;
  labels: { idle: string; busy: string };
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className={buttonClass('primary', 'lg', className)}
    >
      {busy ? labels.busy : labels.idle}
    </button>
  );
}

/**
 * The error banner: an alert region, announced as soon as it appears, and focused, so that it is
 * scrolled into view (it sits above the fields, often off screen by the time the button is pressed)
 * and focus does not fall back to the page when the busy button gives it up.
 */
export function FailureBanner({
  failure,
  describe = failureMessage,
}: {
  failure: SubmitFailure | null;
  describe?: (failure: SubmitFailure) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) ref.current?.focus();
  }, [failure]);
  if (!failure) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="scroll-mt-(--sticky-offset) rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {describe(failure)}
    </div>
  );
}

/**
 * What replaces a form once its lead is accepted; focus moves to the heading so it is read out. Its
 * links are not prefetched: a client component cannot consult the route registry.
 */
export function FormSuccess({
  copy,
}: {
  copy: { heading: string; body: string; actions: readonly { label: string; href: string }[] };
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="text-center" data-form-success>
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink-900 outline-none">
        {copy.heading}
      </h2>
      <p className="mt-3 text-ink-700">{copy.body}</p>
      <OutcomeActions actions={copy.actions} className="justify-center" />
    </div>
  );
}

export function RequiredNote() {
  return (
    <p className="text-sm text-ink-600">
      {requiredNote.before}{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
      <span className="sr-only">{requiredNote.asterisk}</span> {requiredNote.after}
    </p>
  );
}
