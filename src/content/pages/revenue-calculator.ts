import type { CalculatorField, FieldProblem, ResultName } from '@/lib/calculate-revenue';
import type { CtaBandContent, CtaLink, PageHeroContent } from '@/content/types';

/** Copy of /revenue-calculator. Placeholders in {braces} are filled in by the components. */

export type CalculatorFieldCopy = {
  label: string;
  /**
   * Shown inside the box ('%', '$', 'years'); `spoken` joins the label for screen readers, unless
   * the label already says it.
   */
  unit: { text: string; spoken?: string; position: 'prefix' | 'suffix' };
  help: string;
};

export type CalculatorFormCopy = {
  heading: string;
  intro: string;
  fields: Record<CalculatorField, CalculatorFieldCopy>;
  /** {label} is the field's label; {max} its largest value. */
  errors: Record<FieldProblem, string>;
  submit: string;
  reset: string;
  /** Announced after Reset, since the results disappear. */
  resetDone: string;
  noScript: { body: string; link: CtaLink };
};

export type CalculatorResultsCopy = {
  heading: string;
  /** {monthlyRevenueLoss}, {annualImpact}, {lifetimeValueLoss}. */
  summary: string;
  countsHeading: string;
  moneyHeading: string;
  labels: Record<ResultName, string>;
  /** Under the lifetime figure; {years} is the average stay. */
  lifetimeNote: string;
  chart: {
    heading: string;
    intro: string;
    funnelTitle: string;
    /** {monthlyMissedCalls}, {qualifiedLeadsLost}, {toursLost}, {leasesLost}. */
    funnelDescription: string;
    moneyTitle: string;
    /** {monthlyRevenueLoss}, {annualImpact}, {lifetimeValueLoss}. */
    moneyDescription: string;
    tableToggle: string;
    tableCaption: string;
    tableHeaders: { measure: string; value: string };
  };
  cta: { heading: string; body: string; link: CtaLink };
};

export type FormulaStep = {
  result: ResultName;
  formula: string;
  /** The step worked through with the default inputs; {field} and {result} names are filled in. */
  example: string;
};

export const calculatorHero = {
  eyebrow: 'Revenue calculator',
  heading: 'How much are missed calls costing you?',
  body: 'Prospects call when they are ready, often after your office has closed, and most who reach voicemail call the next property instead. Enter your own numbers to see the leases and rent that slip away each month, each year and over a resident’s stay.',
} as const satisfies PageHeroContent;

const percent = { text: '%', spoken: 'percent', position: 'suffix' } as const;

export const calculatorForm = {
  heading: 'Your numbers',
  intro:
    'Start from our typical figures or enter your own. Every field is required; use 0 where something does not apply.',
  fields: {
    totalCalls: {
      label: 'Calls per day',
      unit: { text: 'per day', position: 'suffix' },
      help: 'All calls to your leasing line on an average day, answered or not.',
    },
    afterHoursPercent: {
      label: 'Calls after hours',
      unit: percent,
      help: 'The share of those calls that arrive while the office is closed: evenings, weekends and holidays.',
    },
    leadQualityRate: {
      label: 'Qualified leads',
      unit: percent,
      help: 'The share of callers who are real prospects looking to rent.',
    },
    leadToTourRate: {
      label: 'Leads who book a tour',
      unit: percent,
      help: 'The share of qualified leads who go on to tour the property.',
    },
    tourToLeaseRate: {
      label: 'Tours that become leases',
      unit: percent,
      help: 'The share of tours that end in a signed lease.',
    },
    averageRent: {
      label: 'Average monthly rent',
      unit: { text: '$', spoken: 'US dollars', position: 'prefix' },
      help: 'What a typical unit rents for each month.',
    },
    averageStayDuration: {
      label: 'Average stay',
      unit: { text: 'years', spoken: 'years', position: 'suffix' },
      help: 'How long a resident usually stays, in years (for example 1.5).',
    },
  },
  errors: {
    required: '{label} is required. Enter a number, or 0 if it does not apply.',
    notNumber: '{label} must be a number, for example 20.',
    min: '{label} cannot be negative. Enter 0 or more.',
    max: '{label} is a percentage. Enter a number from 0 to 100.',
    tooLarge: '{label} can be at most {max}. Enter a smaller number.',
    wholeNumber: '{label} must be a whole number, for example 20.',
    oneDecimal: '{label} can have at most one decimal place, for example 2.5.',
  },
  submit: 'Calculate My Lost Revenue',
  reset: 'Reset',
  resetDone: 'The default figures are back and the results are cleared.',
  noScript: {
    body: 'JavaScript is turned off in your browser, so this page cannot work out your own figures. Below are our formula, step by step, and a worked example with the typical figures shown here, to apply to your own numbers.',
    link: { label: 'See how we calculate', href: '#how-we-calculate' },
  },
} as const satisfies CalculatorFormCopy;

export const calculatorResults = {
  heading: 'What missed calls cost you',
  summary:
    'Missed after-hours calls could be costing you about {monthlyRevenueLoss} in rent every month: {annualImpact} a year, and {lifetimeValueLoss} over your residents’ average stay.',
  countsHeading: 'Lost every month',
  moneyHeading: 'Lost revenue',
  labels: {
    monthlyMissedCalls: 'Missed calls',
    qualifiedLeadsLost: 'Qualified leads lost',
    toursLost: 'Tours lost',
    leasesLost: 'Leases lost',
    monthlyRevenueLoss: 'Monthly revenue loss',
    annualImpact: 'Annual impact',
    lifetimeValueLoss: 'Lifetime value loss',
  },
  lifetimeNote: 'over a {years}-year average stay',
  chart: {
    heading: 'Your losses, drawn to scale',
    intro: 'How the month’s missed calls narrow to lost leases, and what those leases are worth.',
    funnelTitle: 'From missed calls to lost leases, each month',
    funnelDescription:
      'Bar chart: {monthlyMissedCalls} missed calls, {qualifiedLeadsLost} qualified leads lost, {toursLost} tours lost and {leasesLost} leases lost each month.',
    moneyTitle: 'Revenue lost',
    moneyDescription:
      'Bar chart: {monthlyRevenueLoss} lost each month, {annualImpact} a year and {lifetimeValueLoss} over the average stay.',
    tableToggle: 'Show these figures as a table',
    tableCaption: 'The figures in the charts',
    tableHeaders: { measure: 'Measure', value: 'Value' },
  },
  cta: {
    heading: 'Win those leases back',
    body: 'Aria, our AI leasing assistant, answers every after-hours call, qualifies the prospect and books the tour while they are still on the line.',
    link: { label: 'Book a Demo', href: '/contact-demo' },
  },
} as const satisfies CalculatorResultsCopy;

export const howWeCalculate = {
  heading: 'How we calculate',
  intro:
    'Seven steps, each building on the one before. We count 30 days in a month and treat every missed after-hours call as a lost opportunity; the rates then narrow those calls down to leases.',
  steps: [
    {
      result: 'monthlyMissedCalls',
      formula: 'Calls per day × share of calls after hours × 30 days',
      example: '{totalCalls} × {afterHoursPercent}% × 30 = {monthlyMissedCalls}',
    },
    {
      result: 'qualifiedLeadsLost',
      formula: 'Missed calls × share of qualified leads',
      example: '{monthlyMissedCalls} × {leadQualityRate}% = {qualifiedLeadsLost}',
    },
    {
      result: 'toursLost',
      formula: 'Qualified leads lost × share who book a tour',
      example: '{qualifiedLeadsLost} × {leadToTourRate}% = {toursLost}',
    },
    {
      result: 'leasesLost',
      formula: 'Tours lost × share of tours that become leases',
      example: '{toursLost} × {tourToLeaseRate}% = {leasesLost}',
    },
    {
      result: 'monthlyRevenueLoss',
      formula: 'Leases lost × average monthly rent',
      example: '{leasesLost} × {averageRent} = {monthlyRevenueLoss}',
    },
    {
      result: 'annualImpact',
      formula: 'Monthly revenue loss × 12 months',
      example: '{monthlyRevenueLoss} × 12 = {annualImpact}',
    },
    {
      result: 'lifetimeValueLoss',
      formula: 'Annual impact × average stay in years',
      example: '{annualImpact} × {averageStayDuration} = {lifetimeValueLoss}',
    },
  ] as const satisfies readonly FormulaStep[],
  exampleLabel: 'With our typical figures:',
  note: 'An estimate to size the problem, not a promise: counts are shown to one decimal and money rounded to the dollar.',
} as const;

export const calculatorClosing = {
  heading: 'Stop losing renters to voicemail',
  body: 'See how Aria would answer your leasing line, with your own property and your own questions.',
} as const satisfies CtaBandContent;

export const calculatorClosingLinks = {
  bookDemo: { label: 'Book a Demo', href: '/contact-demo' },
  meetAria: { label: 'Meet Aria', href: '/aria-voice-agent' },
} as const satisfies Record<string, CtaLink>;
