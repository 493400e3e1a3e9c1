'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  errorCopy,
  failureReasons,
  fieldErrorMessage,
  formErrorCopy,
  tooLongWithLimit,
} from '@/content/forms';
import { collectAttribution, trackScrollDepth } from '@/lib/attribution';
import { fill } from '@/lib/fill';
import { decodeLeadFormErrors, goingBackHelps, type FormErrorCode } from '@/lib/lead-form-redirect';
import { useBrowserValue } from '@/lib/use-browser-value';
import {
  FILL_MS_FIELD,
  MIN_FILL_MS,
  STARTED_AT_FIELD,
  leadSchema,
  type LeadForm,
} from '@/lib/lead-forms';
import { isFieldErrorCode } from '@/lib/validation';

export type SubmitFailure =
  | { kind: 'server'; status: number }
  | { kind: 'rate-limited' }
  | { kind: 'unreachable' }
  | { kind: 'unexpected' }
  /**
   * A plain form post (before hydration) was refused; the page was reached from its 303, so its
   * fields are empty: what was typed is on the page before. `code` is a problem with the whole post.
   */
  | { kind: 'returned'; code: FormErrorCode | null };

/** Field name -> the message shown beside it. */
export type FieldMessages = Record<string, string>;

/**
 * Error codes (from the rules, the API's 422 or a returned plain post) as the messages to show; a
 * field that is too long says its limit.
 */
function messagesFor(form: LeadForm, codes: Record<string, unknown>): FieldMessages {
  const { maxChars } = leadSchema(form);
  return Object.fromEntries(
    Object.entries(codes).flatMap(([field, code]) => {
      if (!isFieldErrorCode(code)) return [];
      const max = maxChars[field];
      return [
        [
          field,
          code === 'too_long' && max !== undefined
            ? fill(tooLongWithLimit, { max: max.toLocaleString('en-US') })
            : fieldErrorMessage(field, code),
        ],
      ];
    }),
  );
}

function returnedMessage(code: FormErrorCode | null): string {
  if (!code) return errorCopy.returned;
  return goingBackHelps(code)
    ? `${formErrorCopy[code]} ${errorCopy.returned}`
    : formErrorCopy[code];
}

/** The banner text for a failure (docs/product.md section 6.3). */
export function failureMessage(failure: SubmitFailure): string {
  switch (failure.kind) {
    case 'server':
      return fill(errorCopy.server, { status: failure.status });
    case 'rate-limited':
      return errorCopy.tooMany;
    case 'unreachable':
      return errorCopy.unreachable;
    case 'returned':
      return returnedMessage(failure.code);
    default:
      return errorCopy.unexpected;
  }
}

/** The growth audit's alert: 'Error: {message}. Please try again or contact support.' */
export function growthAuditFailureMessage(failure: SubmitFailure): string {
  if (failure.kind === 'returned') return returnedMessage(failure.code);
  const reason =
    failure.kind === 'server'
      ? fill(failureReasons.server, { status: failure.status })
      : failure.kind === 'rate-limited'
        ? failureReasons.tooMany
        : failure.kind === 'unreachable'
          ? failureReasons.unreachable
          : failureReasons.unexpected;
  return fill(errorCopy.growthAudit, { message: reason });
}

/** The API's 201 `{ ok: true, id }`: the lead is stored. */
async function isStored(response: Response): Promise<boolean> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === true;
}

/** When the page's HTML began to arrive (performance timeline): when its forms were first seen. */
function pageArrivedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.responseStart ?? 0;
}

type Status = 'idle' | 'submitting' | 'success';

/**
 * Validation and submission shared by the four lead forms (docs/product.md section 6.4): the
 * server's rules, JSON with the visit's attribution, nothing typed cleared unless accepted.
 */
export function useLeadForm(form: LeadForm, formId: string, onSuccess?: () => void) {
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Null until hydrated, then the address the page was opened at.
  const arrival = useBrowserValue(() => window.location.href);
  // First rendered without it: the form came in the page's HTML, usable before the scripts ran,
  // rather than mounted later by the client (the dialog, a client-side navigation).
  const cameWithPage = useRef(arrival === null);
  // When the form appeared, on the performance timeline (a monotonic clock), for the server's
  // minimum-fill-time check (server/leads/spam.ts): a visitor who typed before hydration is not
  // taken for a bot for sending right after it.
  const shownAt = useRef(0);

  useEffect(() => {
    trackScrollDepth();
    shownAt.current = cameWithPage.current ? pageArrivedAt() : performance.now();
    const startedAt = formRef.current?.elements.namedItem(STARTED_AT_FIELD);
    if (startedAt instanceof HTMLInputElement)
      startedAt.value = String(Math.round(performance.timeOrigin + shownAt.current));
  }, []);

  const hydrated = arrival !== null;
  const [arrived, setArrived] = useState(false);
  if (hydrated && !arrived) {
    setArrived(true);
    // Arriving from a plain form post (see NoScriptOutcome): show its outcome the scripted way.
    const url = new URL(arrival);
    if (url.hash === `#${formId}-sent`) setStatus('success');
    if (url.hash.startsWith(`#${formId}-error`)) {
      // A token cut short on its way (a chat app, a copied link) still says the post was refused.
      const { form: formProblem, ...fields } =
        decodeLeadFormErrors(url.searchParams.get('errors')) ?? {};
      setErrors(messagesFor(form, fields));
      setFailure({ kind: 'returned', code: formProblem ?? null });
    }
  }

  const focusFirstError = (next: FieldMessages) => {
    const first = Object.keys(next)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  /** A field's message clears as soon as that field is edited. */
  const clearError = (name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setFailure(null);

    const parsed = leadSchema(form).safeParse(values);
    if (!parsed.success) {
      const next = messagesFor(form, parsed.fieldErrors);
      setErrors(next);
      focusFirstError(next);
      return;
    }
    setErrors({});
    setStatus('submitting');
    // A visitor whose browser filled the form in one go can send it sooner than the spam check's
    // minimum: the busy label stays until then, so a quick human is stored as a lead, not as spam.
    // Until the browser's own clock says so: a timer may end a fraction of a millisecond early,
    // and a fill time of 2499 ms is spam.
    const early = () => MIN_FILL_MS - (performance.now() - shownAt.current);
    while (early() > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(early())));

    let response: Response;
    try {
      response = await fetch(`/api/leads/${form}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ...values,
          [FILL_MS_FIELD]: Math.round(performance.now() - shownAt.current),
          ...collectAttribution(),
        }),
      });
    } catch {
      // Our own API is same-origin: a failed fetch means it was not reached, so nothing was stored.
      setFailure({ kind: 'unreachable' });
      setStatus('idle');
      return;
    }

    try {
      // Only the API's own answer says the lead was stored: a portal's or a proxy's 200 page does
      // not, and is shown as unexpected.
      if (response.ok && (await isStored(response))) {
        setStatus('success');
        onSuccess?.();
        return;
      }
      if (response.status === 422) {
        const body = (await response.json()) as { fieldErrors?: Record<string, unknown> };
        // Only fields this page shows: a rule a newer build added has no field here to point at.
        const next = Object.fromEntries(
          Object.entries(messagesFor(form, body.fieldErrors ?? {})).filter(
            ([name]) => formRef.current?.elements.namedItem(name) != null,
          ),
        );
        if (Object.keys(next).length > 0) {
          setErrors(next);
          focusFirstError(next);
          setStatus('idle');
          return;
        }
      }
      setFailure(
        response.status === 429
          ? { kind: 'rate-limited' }
          : response.status >= 500
            ? { kind: 'server', status: response.status }
            : { kind: 'unexpected' },
      );
    } catch {
      setFailure({ kind: 'unexpected' });
    }
    setStatus('idle');
  };

  return { formRef, status, errors, failure, hydrated, clearError, onSubmit };
}
