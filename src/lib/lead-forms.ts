import {
  email,
  optionalBounded,
  optionalChoice,
  optionalText,
  optionalWebsite,
  optionalWholeNumber,
  phone,
  requiredText,
  schema,
  type FieldRule,
  type Schema,
} from './validation';
import { leadForms, type LeadForm } from '@/config/lead-form-ids';

export { leadForms, type LeadForm };

// The lead forms' registry, which everything else reads: docs/architecture.md, "Features"; adding a
// form: the README. A request body is flat, the same as JSON or form-encoded: the fields
// (camelCase), the attribution (snake_case, as the webhook gets it) and two spam-check fields.

const industries = [
  'healthcare',
  'real-estate',
  'automotive',
  'retail',
  'professional-services',
  'other',
] as const;
const callVolumes = ['0-100', '100-500', '500-1000', '1000+'] as const;
const unitRanges = ['1-25', '26-50', '51-100', '101-250', '250+'] as const;
/** The values each select accepts, in the order its options are offered (src/content/forms.ts). */
export const selectChoices = {
  industry: industries,
  callVolume: callVolumes,
  units: unitRanges,
} as const;

type LeadFormDefinition = {
  fields: Record<string, FieldRule<unknown>>;
  /** The page the form is on, and the form element's id there. */
  page: string;
  formId: string;
  /** Where a plain HTML post (JavaScript off) lands once accepted: 303 See Other. */
  success: string;
  /** `source` in the delivered payload (docs/product.md section 6.8). */
  source: string;
};

export const leadFormRegistry = {
  'growth-audit': {
    fields: {
      firstName: requiredText(),
      lastName: requiredText(),
      email,
      phone: phone({ required: false }),
      website: optionalWebsite,
    },
    page: '/growth-audit',
    formId: 'growth-audit-form',
    success: '/thank-you',
    source: 'growth_audit_landing_page',
  },
  demo: {
    fields: {
      firstName: requiredText(),
      lastName: requiredText(),
      email,
      phone: phone({ required: true }),
      company: requiredText(200),
      industry: optionalChoice(industries),
      callVolume: optionalChoice(callVolumes),
      message: optionalText(5000),
    },
    page: '/contact-demo',
    formId: 'demo-form',
    success: '/contact-demo?sent=1#demo-form-sent',
    source: 'contact_demo_page',
  },
  contact: {
    fields: {
      firstName: requiredText(),
      lastName: requiredText(),
      email,
      phone: phone({ required: false }),
      message: optionalText(5000),
    },
    page: '/contact-us',
    formId: 'contact-form',
    success: '/contact-us?sent=1#contact-form-sent',
    source: 'contact_us_page',
  },
  'aria-signup': {
    fields: {
      firstName: requiredText(),
      lastName: requiredText(),
      email,
      phone: phone({ required: true }),
      propertyName: requiredText(200),
      units: optionalChoice(unitRanges),
    },
    page: '/aria-landing',
    formId: 'aria-signup-form',
    success: '/aria-landing?sent=1#aria-signup-form-sent',
    source: 'aria_landing_page',
  },
} as const satisfies Record<LeadForm, LeadFormDefinition>;

/** Every field of every form, each once, in registry order: the columns of an export, for one. */
export const leadFieldNames = [
  ...new Set(leadForms.flatMap((form) => Object.keys(leadFormRegistry[form].fields))),
];

export function isLeadForm(value: string): value is LeadForm {
  return Object.hasOwn(leadFormRegistry, value);
}

type FieldsOf<F extends LeadForm> = (typeof leadFormRegistry)[F]['fields'];
export type LeadFields<F extends LeadForm> = {
  [K in keyof FieldsOf<F>]: FieldsOf<F>[K] extends FieldRule<infer T> ? T : never;
};

const schemas = new Map<LeadForm, Schema<unknown>>();

/** The validation schema of a form, built from its registry entry once. */
export function leadSchema<F extends LeadForm>(form: F): Schema<LeadFields<F>> {
  if (!schemas.has(form)) schemas.set(form, schema(leadFormRegistry[form].fields));
  return schemas.get(form) as Schema<LeadFields<F>>;
}

/** Visit attribution from the browser (docs/product.md section 6.7), every field optional. */
export const attributionRules = {
  page_url: optionalBounded(2048),
  referrer: optionalBounded(2048),
  user_agent: optionalBounded(512),
  time_on_page: optionalWholeNumber(60 * 60 * 24),
  scroll_depth: optionalWholeNumber(100),
  screen_resolution: optionalBounded(32),
  viewport_size: optionalBounded(32),
  timezone: optionalBounded(64),
  language: optionalBounded(35),
  utm_source: optionalBounded(200),
  utm_medium: optionalBounded(200),
  utm_campaign: optionalBounded(200),
  utm_term: optionalBounded(200),
  utm_content: optionalBounded(200),
};

type RuleValue<R> = R extends FieldRule<infer T> ? T : never;
export type Attribution = {
  [K in keyof typeof attributionRules]?: Exclude<
    RuleValue<(typeof attributionRules)[K]>,
    undefined
  >;
};

/**
 * Spam checks: a honeypot field humans never see, when the form was first shown (ms epoch), and
 * how long it was shown before it was sent (ms, by the browser's own clock: a device clock set
 * ahead of the server's must not make a visitor look fast).
 */
export const HONEYPOT_FIELD = 'company_website';
export const STARTED_AT_FIELD = 'form_started_at';
export const FILL_MS_FIELD = 'form_fill_ms';
/** Submissions faster than this after the form appeared are treated as bots. */
export const MIN_FILL_MS = 2500;
