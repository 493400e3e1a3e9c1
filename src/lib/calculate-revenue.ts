// The revenue calculator's arithmetic, number handling and URL format (docs/product.md section 7),
// pure so the client form, the prerendered worked example and the tests share it.

/** The inputs in the order of docs/product.md section 7.1; also the query keys and field names. */
export const calculatorFields = [
  'totalCalls',
  'afterHoursPercent',
  'leadQualityRate',
  'leadToTourRate',
  'tourToLeaseRate',
  'averageRent',
  'averageStayDuration',
] as const;

export type CalculatorField = (typeof calculatorFields)[number];
export type RevenueInputs = Record<CalculatorField, number>;

export type RevenueResults = {
  monthlyMissedCalls: number;
  qualifiedLeadsLost: number;
  toursLost: number;
  leasesLost: number;
  monthlyRevenueLoss: number;
  annualImpact: number;
  lifetimeValueLoss: number;
};

export type ResultName = keyof RevenueResults;
export type FormattedResults = Record<ResultName, string>;

export const countResults = [
  'monthlyMissedCalls',
  'qualifiedLeadsLost',
  'toursLost',
  'leasesLost',
] as const satisfies readonly ResultName[];
export const moneyResults = [
  'monthlyRevenueLoss',
  'annualImpact',
  'lifetimeValueLoss',
] as const satisfies readonly ResultName[];

/** The defaults of docs/product.md section 7.1. */
export const DEFAULT_INPUTS: Readonly<RevenueInputs> = Object.freeze({
  totalCalls: 20,
  afterHoursPercent: 60,
  leadQualityRate: 20,
  leadToTourRate: 25,
  tourToLeaseRate: 35,
  averageRent: 1500,
  averageStayDuration: 2,
});

/** The results scroll into view this long after a calculation (docs/product.md section 7.3). */
export const SCROLL_TO_RESULTS_MS = 100;
const DAYS_PER_MONTH = 30;
const MONTHS_PER_YEAR = 12;

/**
 * Bounds of each input (docs/product.md section 7.1): at least 0, percentages at most 100, and the
 * others far past any real property's figures, so every result stays a finite, printable number.
 */
export const fieldRules: Record<
  CalculatorField,
  { min: 0; max: number; step: 1 | 0.1; percent?: true }
> = {
  totalCalls: { min: 0, max: 100_000, step: 1 },
  afterHoursPercent: { min: 0, max: 100, step: 1, percent: true },
  leadQualityRate: { min: 0, max: 100, step: 1, percent: true },
  leadToTourRate: { min: 0, max: 100, step: 1, percent: true },
  tourToLeaseRate: { min: 0, max: 100, step: 1, percent: true },
  averageRent: { min: 0, max: 1_000_000, step: 1 },
  averageStayDuration: { min: 0, max: 100, step: 0.1 },
};

// A plain decimal number as a person or <input type="number"> writes it (no hex, no "12abc").
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Anything non-numeric (or not finite) counts as 0 (docs/product.md section 7.1). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const text = value.trim();
  if (!NUMERIC.test(text)) return 0;
  const number = Number(text);
  return Number.isFinite(number) ? number : 0;
}

/** One input as the formulas use it: a number within its bounds. */
function normaliseInput(field: CalculatorField, value: unknown): number {
  return Math.min(fieldRules[field].max, Math.max(0, toNumber(value)));
}

export function normaliseInputs(raw: Partial<Record<CalculatorField, unknown>>): RevenueInputs {
  const inputs = {} as RevenueInputs;
  for (const field of calculatorFields) inputs[field] = normaliseInput(field, raw[field]);
  return inputs;
}

/** docs/product.md section 7.2, one formula per line. Missing or non-numeric inputs count as 0. */
export function calculateRevenue(raw: Partial<Record<CalculatorField, unknown>>): RevenueResults {
  const input = normaliseInputs(raw);
  const monthlyMissedCalls = input.totalCalls * (input.afterHoursPercent / 100) * DAYS_PER_MONTH;
  const qualifiedLeadsLost = monthlyMissedCalls * (input.leadQualityRate / 100);
  const toursLost = qualifiedLeadsLost * (input.leadToTourRate / 100);
  const leasesLost = toursLost * (input.tourToLeaseRate / 100);
  const monthlyRevenueLoss = leasesLost * input.averageRent;
  const annualImpact = monthlyRevenueLoss * MONTHS_PER_YEAR;
  const lifetimeValueLoss = annualImpact * input.averageStayDuration;
  return {
    monthlyMissedCalls,
    qualifiedLeadsLost,
    toursLost,
    leasesLost,
    monthlyRevenueLoss,
    annualImpact,
    lifetimeValueLoss,
  };
}

/**
 * Made on first use: the first Intl.NumberFormat in a page loads locale data (about 15 ms on a fast
 * machine), which would otherwise land in every visit's hydration, calculating or not.
 */
function lazyFormat(options: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  // `+ 0` turns -0 into 0, so a zero never prints as "-0.0".
  return (value) => (format ??= new Intl.NumberFormat('en-US', options)).format(value + 0);
}

/** A count with one decimal: 360.0, 1,234.5. */
export const formatCount = lazyFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** US dollars without cents: $9,450. */
export const formatMoney = lazyFormat({
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
/** An input as people write it: 20, 1,500, 2.5. */
export const formatInput = lazyFormat({ maximumFractionDigits: 1 });

export function formatResults(results: RevenueResults): FormattedResults {
  return {
    monthlyMissedCalls: formatCount(results.monthlyMissedCalls),
    qualifiedLeadsLost: formatCount(results.qualifiedLeadsLost),
    toursLost: formatCount(results.toursLost),
    leasesLost: formatCount(results.leasesLost),
    monthlyRevenueLoss: formatMoney(results.monthlyRevenueLoss),
    annualImpact: formatMoney(results.annualImpact),
    lifetimeValueLoss: formatMoney(results.lifetimeValueLoss),
  };
}

export type FieldProblem =
  'required' | 'notNumber' | 'min' | 'max' | 'tooLarge' | 'wholeNumber' | 'oneDecimal';

/**
 * What is wrong with a field as typed: the rules the browser applies to the form's attributes when
 * JavaScript is off. `badInput`: the browser holds text it could not read as a number (value '').
 */
export function validateField(
  field: CalculatorField,
  raw: string,
  badInput = false,
): FieldProblem | null {
  const text = raw.trim();
  if (text === '') return badInput ? 'notNumber' : 'required';
  if (!NUMERIC.test(text) || !Number.isFinite(Number(text))) return 'notNumber';
  const value = Number(text);
  const { max, step, percent } = fieldRules[field];
  if (value < 0) return 'min';
  if (value > max) return percent ? 'max' : 'tooLarge';
  if (step === 1 && !Number.isInteger(value)) return 'wholeNumber';
  if (step === 0.1 && Math.abs(value * 10 - Math.round(value * 10)) > 1e-9) return 'oneDecimal';
  return null;
}

/** The query string of a set of inputs, in field order: totalCalls=20&afterHoursPercent=60&... */
export function inputsToQuery(inputs: RevenueInputs): string {
  const params = new URLSearchParams();
  for (const field of calculatorFields) params.set(field, String(inputs[field] + 0));
  return params.toString();
}

/**
 * The inputs a shared URL carries, or null when it carries none. Present values are normalised like
 * any input, absent ones take the defaults, other parameters (utm_*) are ignored.
 */
export function inputsFromQuery(search: string | URLSearchParams): RevenueInputs | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!calculatorFields.some((field) => params.has(field))) return null;
  const inputs = { ...DEFAULT_INPUTS };
  for (const field of calculatorFields) {
    const value = params.get(field);
    if (value !== null) inputs[field] = normaliseInput(field, value);
  }
  return inputs;
}

/**
 * `search` ('?a=1' or '') with the calculator's parameters replaced by these inputs, or removed
 * when `inputs` is null; others are kept. Returns '' or a string starting with '?'.
 */
export function searchWithInputs(search: string, inputs: RevenueInputs | null): string {
  const params = new URLSearchParams(search);
  for (const field of calculatorFields) params.delete(field);
  const own = inputs ? inputsToQuery(inputs) : '';
  const rest = params.toString();
  const query = [own, rest].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}
