'use client';

import { startTransition, useEffect, useRef, useState, type FormEvent } from 'react';
import { calculatorForm as copy } from '@/content/pages/revenue-calculator';
import { buttonClass } from '@/components/ui/button-styles';
import { prefersReducedMotion } from '@/lib/scroll-to-section';
import { useBrowserValue } from '@/lib/use-browser-value';
import {
  DEFAULT_INPUTS,
  SCROLL_TO_RESULTS_MS,
  calculatorFields,
  fieldRules,
  formatInput,
  inputsFromQuery,
  normaliseInputs,
  searchWithInputs,
  validateField,
  type CalculatorField,
  type FieldProblem,
  type RevenueInputs,
} from '@/lib/calculate-revenue';
import { fill } from '@/lib/fill';
import { NumberField } from './number-field';
import { RevenueResults } from './revenue-results';

type FieldValues = Record<CalculatorField, string>;

const asFieldValues = (inputs: RevenueInputs): FieldValues =>
  Object.fromEntries(
    calculatorFields.map((field) => [field, String(inputs[field])]),
  ) as FieldValues;

const DEFAULT_VALUES = asFieldValues(DEFAULT_INPUTS);

/** Shows the results after SCROLL_TO_RESULTS_MS; `focus` only when the visitor asked for them. */
type Reveal = { id: number; focus: boolean };

/** Writes the calculator's part of the address without navigating or scrolling. */
function replaceQuery(inputs: RevenueInputs | null) {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}${searchWithInputs(search, inputs)}${hash}`,
  );
}

/**
 * The revenue calculator (docs/product.md section 7.3): a GET form without JavaScript; hydrated, it
 * calculates in the browser and keeps the inputs in the address so a result can be shared.
 */
export function RevenueCalculator() {
  const [values, setValues] = useState<FieldValues>(DEFAULT_VALUES);
  const [problems, setProblems] = useState<Partial<Record<CalculatorField, FieldProblem>>>({});
  const [calculated, setCalculated] = useState<RevenueInputs | null>(null);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The browser's own checks until hydrated, then this form's wording. Set on the element, not
  // through state: a second render of the whole form for this is wasted work.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // A shared address (or a submit before hydration) carries inputs: show their results, once.
  const arrivalSearch = useBrowserValue(() => window.location.search);
  const [arrived, setArrived] = useState(false);
  if (arrivalSearch !== null && !arrived) {
    setArrived(true);
    const shared = inputsFromQuery(arrivalSearch);
    if (shared) {
      setValues(asFieldValues(shared));
      setCalculated(shared);
      setReveal({ id: 1, focus: false });
    }
  }

  useEffect(() => {
    if (!reveal) return;
    const timer = window.setTimeout(() => {
      resultsRef.current?.scrollIntoView({
        behavior: prefersReducedMotion() ? 'instant' : 'smooth',
        block: 'start',
      });
      if (reveal.focus) headingRef.current?.focus({ preventScroll: true });
    }, SCROLL_TO_RESULTS_MS);
    return () => window.clearTimeout(timer);
  }, [reveal]);

  const onChange = (field: CalculatorField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    setStatus('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: Partial<Record<CalculatorField, FieldProblem>> = {};
    for (const field of calculatorFields) {
      const input = form.elements.namedItem(field);
      const badInput = input instanceof HTMLInputElement && input.validity.badInput;
      const problem = validateField(field, values[field], badInput);
      if (problem) found[field] = problem;
    }
    setProblems(found);
    setStatus('');
    const firstProblem = calculatorFields.find((field) => found[field]);
    if (firstProblem) {
      (form.elements.namedItem(firstProblem) as HTMLInputElement | null)?.focus();
      return;
    }
    const inputs = normaliseInputs(values);
    replaceQuery(inputs);
    // The results (~140 ms at 4x CPU with the first use of the number formatters) render as a
    // transition, so the frame answering the tap paints first: INP at 4x CPU 56 ms instead of
    // 184-256 ms (bench/results/inp.md). Making the formatters while idle would add them to every
    // visit's Total Blocking Time.
    startTransition(() => {
      setCalculated(inputs);
      setReveal((current) => ({ id: (current?.id ?? 0) + 1, focus: true }));
    });
  };

  // A native reset button, so Reset also works before hydration; once hydrated, state is the truth.
  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setValues(DEFAULT_VALUES);
    setProblems({});
    setCalculated(null);
    setReveal(null);
    replaceQuery(null);
    setStatus(copy.resetDone);
  };

  return (
    <>
      <div className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 id="calculator-heading" className="text-2xl font-bold text-ink-900">
          {copy.heading}
        </h2>
        <p className="mt-2 text-ink-700">{copy.intro}</p>
        {/* Shown only when scripts cannot run (a <noscript> would not show where scripting is
            merely disabled), before the fields, so no one fills them in first. */}
        <p
          className="mt-4 hidden rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-ink-800 noscript:block"
          data-no-script
        >
          {copy.noScript.body}{' '}
          <a href={copy.noScript.link.href} className="font-semibold text-brand-700 underline">
            {copy.noScript.link.label}
          </a>
        </p>
        <form
          ref={formRef}
          method="get"
          action="/revenue-calculator"
          onSubmit={onSubmit}
          onReset={onReset}
          className="mt-6"
          data-calculator-form
        >
          <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
            {calculatorFields.map((field) => {
              const problem = problems[field];
              const label = copy.fields[field].label;
              return (
                <NumberField
                  key={field}
                  field={field}
                  copy={copy.fields[field]}
                  value={values[field]}
                  error={
                    problem
                      ? fill(copy.errors[problem], {
                          label,
                          max: formatInput(fieldRules[field].max),
                        })
                      : undefined
                  }
                  onChange={onChange}
                />
              );
            })}
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button type="submit" className={buttonClass('primary', 'lg')}>
              {copy.submit}
            </button>
            <button type="reset" className={buttonClass('secondary', 'lg')}>
              {copy.reset}
            </button>
          </div>
          <p role="status" className="sr-only">
            {status}
          </p>
        </form>
      </div>
      {calculated && (
        <RevenueResults
          key={searchWithInputs('', calculated)}
          ref={resultsRef}
          headingRef={headingRef}
          inputs={calculated}
        />
      )}
    </>
  );
}
