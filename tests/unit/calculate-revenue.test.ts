import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INPUTS,
  SCROLL_TO_RESULTS_MS,
  calculateRevenue,
  calculatorFields,
  formatCount,
  formatInput,
  formatMoney,
  formatResults,
  inputsFromQuery,
  inputsToQuery,
  normaliseInputs,
  searchWithInputs,
  toNumber,
  validateField,
  type RevenueInputs,
} from '@/lib/calculate-revenue';
import {
  calculatorForm,
  calculatorResults,
  howWeCalculate,
} from '@/content/pages/revenue-calculator';

const DEFAULT_FIGURES = {
  monthlyMissedCalls: '360.0',
  qualifiedLeadsLost: '72.0',
  toursLost: '18.0',
  leasesLost: '6.3',
  monthlyRevenueLoss: '$9,450',
  annualImpact: '$113,400',
  lifetimeValueLoss: '$226,800',
};

const ZERO_FIGURES = {
  monthlyMissedCalls: '0.0',
  qualifiedLeadsLost: '0.0',
  toursLost: '0.0',
  leasesLost: '0.0',
  monthlyRevenueLoss: '$0',
  annualImpact: '$0',
  lifetimeValueLoss: '$0',
};

const zeros = Object.fromEntries(calculatorFields.map((field) => [field, 0])) as RevenueInputs;

describe('calculateRevenue', () => {
  it('has the defaults and the 100 ms scroll delay of docs/product.md section 7', () => {
    expect(DEFAULT_INPUTS).toEqual({
      totalCalls: 20,
      afterHoursPercent: 60,
      leadQualityRate: 20,
      leadToTourRate: 25,
      tourToLeaseRate: 35,
      averageRent: 1500,
      averageStayDuration: 2,
    });
    expect(SCROLL_TO_RESULTS_MS).toBe(100);
  });

  it('gives 360.0, 72.0, 18.0, 6.3, $9,450, $113,400, $226,800 for the defaults', () => {
    const results = calculateRevenue(DEFAULT_INPUTS);
    expect(results.monthlyMissedCalls).toBeCloseTo(360, 9);
    expect(results.qualifiedLeadsLost).toBeCloseTo(72, 9);
    expect(results.toursLost).toBeCloseTo(18, 9);
    expect(results.leasesLost).toBeCloseTo(6.3, 9);
    expect(results.monthlyRevenueLoss).toBeCloseTo(9450, 6);
    expect(results.annualImpact).toBeCloseTo(113400, 6);
    expect(results.lifetimeValueLoss).toBeCloseTo(226800, 6);
    expect(formatResults(results)).toEqual(DEFAULT_FIGURES);
  });

  it('applies each formula in turn (each input moves only what depends on it)', () => {
    const base = calculateRevenue(DEFAULT_INPUTS);
    const doubled = (field: keyof RevenueInputs) =>
      calculateRevenue({ ...DEFAULT_INPUTS, [field]: DEFAULT_INPUTS[field] * 2 });
    expect(doubled('totalCalls').monthlyMissedCalls).toBeCloseTo(720, 9);
    expect(doubled('leadQualityRate')).toMatchObject({
      monthlyMissedCalls: base.monthlyMissedCalls,
    });
    expect(doubled('leadQualityRate').qualifiedLeadsLost).toBeCloseTo(144, 9);
    expect(doubled('leadToTourRate').toursLost).toBeCloseTo(36, 9);
    expect(doubled('leadToTourRate').qualifiedLeadsLost).toBeCloseTo(72, 9);
    expect(doubled('tourToLeaseRate').leasesLost).toBeCloseTo(12.6, 9);
    expect(doubled('averageRent').monthlyRevenueLoss).toBeCloseTo(18900, 6);
    expect(doubled('averageRent').leasesLost).toBeCloseTo(6.3, 9);
    expect(doubled('averageStayDuration').lifetimeValueLoss).toBeCloseTo(453600, 6);
    expect(doubled('averageStayDuration').annualImpact).toBeCloseTo(113400, 6);
    // 30 days a month, 12 months a year.
    const one = calculateRevenue({
      totalCalls: 1,
      afterHoursPercent: 100,
      leadQualityRate: 100,
      leadToTourRate: 100,
      tourToLeaseRate: 100,
      averageRent: 1,
      averageStayDuration: 1,
    });
    expect(one).toEqual({
      monthlyMissedCalls: 30,
      qualifiedLeadsLost: 30,
      toursLost: 30,
      leasesLost: 30,
      monthlyRevenueLoss: 30,
      annualImpact: 360,
      lifetimeValueLoss: 360,
    });
  });

  it('gives zeros for zero inputs, and zero from any one zero upstream', () => {
    expect(formatResults(calculateRevenue(zeros))).toEqual(ZERO_FIGURES);
    expect(formatResults(calculateRevenue({ ...DEFAULT_INPUTS, afterHoursPercent: 0 }))).toEqual(
      ZERO_FIGURES,
    );
    const noRent = formatResults(calculateRevenue({ ...DEFAULT_INPUTS, averageRent: 0 }));
    expect(noRent).toMatchObject({
      leasesLost: '6.3',
      monthlyRevenueLoss: '$0',
      annualImpact: '$0',
      lifetimeValueLoss: '$0',
    });
    const noStay = formatResults(calculateRevenue({ ...DEFAULT_INPUTS, averageStayDuration: 0 }));
    expect(noStay).toMatchObject({ annualImpact: '$113,400', lifetimeValueLoss: '$0' });
  });

  it('at 100% every call after hours and every step converts', () => {
    const all = {
      ...DEFAULT_INPUTS,
      afterHoursPercent: 100,
      leadQualityRate: 100,
      leadToTourRate: 100,
      tourToLeaseRate: 100,
    };
    expect(formatResults(calculateRevenue(all))).toEqual({
      monthlyMissedCalls: '600.0',
      qualifiedLeadsLost: '600.0',
      toursLost: '600.0',
      leasesLost: '600.0',
      monthlyRevenueLoss: '$900,000',
      annualImpact: '$10,800,000',
      lifetimeValueLoss: '$21,600,000',
    });
  });

  it('caps percentages at 100 and raises negatives to 0', () => {
    expect(calculateRevenue({ ...DEFAULT_INPUTS, afterHoursPercent: 250 })).toEqual(
      calculateRevenue({ ...DEFAULT_INPUTS, afterHoursPercent: 100 }),
    );
    expect(calculateRevenue({ ...DEFAULT_INPUTS, tourToLeaseRate: 101 }).leasesLost).toBeCloseTo(
      18,
      9,
    );
    expect(formatResults(calculateRevenue({ ...DEFAULT_INPUTS, totalCalls: -20 }))).toEqual(
      ZERO_FIGURES,
    );
    expect(
      formatResults(calculateRevenue({ ...DEFAULT_INPUTS, averageRent: -1500 })),
    ).toMatchObject({ monthlyRevenueLoss: '$0' });
    // Calls, rent and stay are bounded far past any real property's, so no result is infinite.
    expect(
      normaliseInputs({ ...DEFAULT_INPUTS, averageRent: 25000, averageStayDuration: 15 }),
    ).toMatchObject({ averageRent: 25000, averageStayDuration: 15 });
    const huge = { totalCalls: 1e308, averageRent: 1e308, averageStayDuration: 1e308 };
    expect(normaliseInputs({ ...DEFAULT_INPUTS, ...huge })).toMatchObject({
      totalCalls: 100_000,
      averageRent: 1_000_000,
      averageStayDuration: 100,
    });
    const most = calculateRevenue(Object.fromEntries(calculatorFields.map((f) => [f, 1e308])));
    expect(formatResults(most).lifetimeValueLoss).toBe('$3,600,000,000,000,000');
  });

  it('counts non-numeric input as 0', () => {
    for (const value of [
      'abc',
      '',
      '  ',
      '12abc',
      '0x10',
      'NaN',
      'Infinity',
      '1e999',
      null,
      undefined,
      {},
      [],
      true,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(toNumber(value), String(value)).toBe(0);
    }
    expect(toNumber(' 42 ')).toBe(42);
    expect(toNumber('2.5')).toBe(2.5);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('1e3')).toBe(1000);
    expect(formatResults(calculateRevenue({ ...DEFAULT_INPUTS, totalCalls: 'twenty' }))).toEqual(
      ZERO_FIGURES,
    );
    expect(
      formatResults(calculateRevenue({ ...DEFAULT_INPUTS, averageRent: 'lots' })),
    ).toMatchObject({ leasesLost: '6.3', monthlyRevenueLoss: '$0' });
    // Numbers as the form holds them (strings) work like numbers.
    const asText = Object.fromEntries(
      calculatorFields.map((field) => [field, String(DEFAULT_INPUTS[field])]),
    );
    expect(formatResults(calculateRevenue(asText))).toEqual(DEFAULT_FIGURES);
    // A missing input is non-numeric too.
    expect(formatResults(calculateRevenue({}))).toEqual(ZERO_FIGURES);
  });

  it('handles large values without losing precision in what is shown', () => {
    const big = {
      ...DEFAULT_INPUTS,
      totalCalls: 100_000,
      averageRent: 1_000_000,
      averageStayDuration: 50,
    };
    expect(formatResults(calculateRevenue(big))).toEqual({
      monthlyMissedCalls: '1,800,000.0',
      qualifiedLeadsLost: '360,000.0',
      toursLost: '90,000.0',
      leasesLost: '31,500.0',
      monthlyRevenueLoss: '$31,500,000,000',
      annualImpact: '$378,000,000,000',
      lifetimeValueLoss: '$18,900,000,000,000',
    });
    const huge = calculateRevenue({ ...DEFAULT_INPUTS, totalCalls: Number.MAX_SAFE_INTEGER });
    expect(Number.isFinite(huge.lifetimeValueLoss)).toBe(true);
  });
});

describe('formatting', () => {
  it('shows counts with one decimal and US grouping', () => {
    expect(formatCount(360)).toBe('360.0');
    expect(formatCount(6.3)).toBe('6.3');
    expect(formatCount(6.25)).toBe('6.3');
    expect(formatCount(0.04)).toBe('0.0');
    expect(formatCount(1234.56)).toBe('1,234.6');
    expect(formatCount(-0)).toBe('0.0');
  });

  it('shows money as US dollars without cents', () => {
    expect(formatMoney(9449.999999999998)).toBe('$9,450');
    expect(formatMoney(113400)).toBe('$113,400');
    expect(formatMoney(0.4)).toBe('$0');
    expect(formatMoney(1_234_567.5)).toBe('$1,234,568');
    expect(formatMoney(-0)).toBe('$0');
  });

  it('shows inputs as written, with grouping and at most one decimal', () => {
    expect(formatInput(1500)).toBe('1,500');
    expect(formatInput(2.5)).toBe('2.5');
    expect(formatInput(20)).toBe('20');
  });
});

describe('validateField', () => {
  it('accepts the defaults and the bounds', () => {
    for (const field of calculatorFields)
      expect(validateField(field, String(DEFAULT_INPUTS[field]))).toBeNull();
    expect(validateField('afterHoursPercent', '0')).toBeNull();
    expect(validateField('afterHoursPercent', '100')).toBeNull();
    expect(validateField('averageRent', '250000')).toBeNull();
    expect(validateField('averageStayDuration', '1.5')).toBeNull();
    expect(validateField('averageStayDuration', '0.3')).toBeNull();
  });

  it('names the problem: required, not a number, below 0, over 100% or another max, step', () => {
    expect(validateField('totalCalls', '')).toBe('required');
    expect(validateField('totalCalls', '   ')).toBe('required');
    expect(validateField('totalCalls', '', true)).toBe('notNumber');
    expect(validateField('totalCalls', 'abc')).toBe('notNumber');
    expect(validateField('totalCalls', '-1')).toBe('min');
    expect(validateField('averageStayDuration', '-0.5')).toBe('min');
    expect(validateField('afterHoursPercent', '101')).toBe('max');
    expect(validateField('tourToLeaseRate', '100.5')).toBe('max');
    expect(validateField('totalCalls', '100000')).toBeNull();
    expect(validateField('totalCalls', '100001')).toBe('tooLarge');
    expect(validateField('averageRent', '1000001')).toBe('tooLarge');
    expect(validateField('averageStayDuration', '100.1')).toBe('tooLarge');
    expect(validateField('totalCalls', '20.5')).toBe('wholeNumber');
    expect(validateField('averageRent', '1500.25')).toBe('wholeNumber');
    expect(validateField('averageStayDuration', '2.25')).toBe('oneDecimal');
  });

  it('has a message for every problem, naming the field', () => {
    for (const message of Object.values(calculatorForm.errors))
      expect(message).toContain('{label}');
    for (const field of calculatorFields) {
      expect(calculatorForm.fields[field].label.length).toBeGreaterThan(3);
      expect(calculatorForm.fields[field].help.length).toBeGreaterThan(10);
    }
  });
});

describe('query string', () => {
  it('writes every input in the order of docs/product.md section 7.1', () => {
    expect(inputsToQuery(DEFAULT_INPUTS)).toBe(
      'totalCalls=20&afterHoursPercent=60&leadQualityRate=20&leadToTourRate=25&tourToLeaseRate=35&averageRent=1500&averageStayDuration=2',
    );
  });

  it('round-trips any inputs', () => {
    const inputs: RevenueInputs = {
      totalCalls: 45,
      afterHoursPercent: 72,
      leadQualityRate: 15,
      leadToTourRate: 30,
      tourToLeaseRate: 40,
      averageRent: 2250,
      averageStayDuration: 1.5,
    };
    expect(inputsFromQuery(inputsToQuery(inputs))).toEqual(inputs);
    expect(inputsFromQuery(`?${inputsToQuery(DEFAULT_INPUTS)}`)).toEqual(DEFAULT_INPUTS);
    expect(inputsFromQuery(inputsToQuery(zeros))).toEqual(zeros);
    expect(inputsFromQuery(new URLSearchParams(inputsToQuery(inputs)))).toEqual(inputs);
  });

  it('reads nothing from an address without calculator inputs', () => {
    expect(inputsFromQuery('')).toBeNull();
    expect(inputsFromQuery('?utm_source=newsletter&utm_medium=email')).toBeNull();
  });

  it('fills absent inputs with the defaults and normalises present ones', () => {
    expect(inputsFromQuery('?totalCalls=40')).toEqual({ ...DEFAULT_INPUTS, totalCalls: 40 });
    expect(inputsFromQuery('?totalCalls=abc&afterHoursPercent=150&averageRent=-5')).toEqual({
      ...DEFAULT_INPUTS,
      totalCalls: 0,
      afterHoursPercent: 100,
      averageRent: 0,
    });
    expect(inputsFromQuery('?totalCalls=')).toEqual({ ...DEFAULT_INPUTS, totalCalls: 0 });
    expect(inputsFromQuery('?totalCalls=1e308&averageRent=1e308')).toEqual({
      ...DEFAULT_INPUTS,
      totalCalls: 100_000,
      averageRent: 1_000_000,
    });
  });

  it('replaces or removes only its own parameters in an address', () => {
    const query = inputsToQuery(DEFAULT_INPUTS);
    expect(searchWithInputs('', DEFAULT_INPUTS)).toBe(`?${query}`);
    expect(searchWithInputs('?utm_source=x&totalCalls=99', DEFAULT_INPUTS)).toBe(
      `?${query}&utm_source=x`,
    );
    expect(searchWithInputs(`?${query}&utm_source=x`, null)).toBe('?utm_source=x');
    expect(searchWithInputs(`?${query}`, null)).toBe('');
    expect(searchWithInputs('', null)).toBe('');
  });
});

describe('copy', () => {
  it('labels every result and explains every formula step once, in the order of docs/product.md section 7.2', () => {
    expect(Object.keys(calculatorResults.labels)).toEqual(Object.keys(DEFAULT_FIGURES));
    expect(howWeCalculate.steps.map((step) => step.result)).toEqual(Object.keys(DEFAULT_FIGURES));
  });
});
