import * as z from 'zod/mini';

/**
 * One schema per lead form, shared by the browser (validation on submit) and
 * the server (POST /api/leads/{form}). Messages are SPEC section 5's, verbatim.
 * A request body is flat, so the same shape arrives as JSON or form-encoded:
 * the form's fields (camelCase), the attribution fields (snake_case, as sent to
 * the webhook) and two spam-check fields.
 *
 * Written with zod/mini (functional checks) because these schemas ship to the
 * browser with every form: about a sixth of classic zod's bundle.
 */

export const leadForms = ['growth-audit', 'demo', 'contact', 'aria-signup'] as const;
export type LeadForm = (typeof leadForms)[number];

export function isLeadForm(value: string): value is LeadForm {
  return (leadForms as readonly string[]).includes(value);
}

export const messages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  phoneRequired: 'Phone number is required',
  website: 'Invalid website URL (e.g., example.com or https://example.com)',
  company: 'Company is required',
  propertyName: 'Property name is required',
  tooLong: 'This is too long',
  choice: 'Please choose one of the options',
} as const;

// Deliberately simple and linear-time: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// After removing spaces, dashes and parentheses: optional +, a non-zero digit, up to 15 more digits.
const PHONE = /^\+?[1-9]\d{0,15}$/;
// A domain with optional http(s) scheme, optional port and optional path.
const WEBSITE = /^(https?:\/\/)?([a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}(:\d{1,5})?(\/\S*)?$/i;

export function normalizePhone(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

export function normalizeWebsite(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, messages.tooLong));

/** Optional free text: missing means ''. */
const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, messages.tooLong)), '');

const email = z
  .string({ error: messages.email })
  .check(z.trim(), z.minLength(1, messages.email), z.maxLength(254, messages.emailInvalid), z.regex(EMAIL, messages.emailInvalid));

const optionalPhone = z._default(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(40, messages.phone),
      z.refine((value) => value === '' || PHONE.test(normalizePhone(value)), messages.phone),
    ),
  '',
);

const requiredPhone = z
  .string({ error: messages.phoneRequired })
  .check(
    z.trim(),
    z.minLength(1, messages.phoneRequired),
    z.maxLength(40, messages.phone),
    z.refine((value) => value === '' || PHONE.test(normalizePhone(value)), messages.phone),
  );

const optionalWebsite = z.pipe(
  z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(2048, messages.website),
        z.refine((value) => value === '' || WEBSITE.test(value), messages.website),
      ),
    '',
  ),
  z.transform((value: string) => (value === '' ? '' : normalizeWebsite(value))),
);

/** An optional select: '' (nothing chosen) or one of the options. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z._default(z.union([z.literal(''), z.enum(options)], { error: messages.choice }), '');

export const industries = ['healthcare', 'real-estate', 'automotive', 'retail', 'professional-services', 'other'] as const;
export const callVolumes = ['0-100', '100-500', '500-1000', '1000+'] as const;
export const unitRanges = ['1-25', '26-50', '51-100', '101-250', '250+'] as const;

export const growthAuditSchema = z.object({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: optionalPhone,
  website: optionalWebsite,
});

export const demoSchema = z.object({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: requiredPhone,
  company: requiredText(messages.company, 200),
  industry: optionalChoice(industries),
  callVolume: optionalChoice(callVolumes),
  message: optionalText(5000),
});

export const contactSchema = z.object({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: optionalPhone,
  message: optionalText(5000),
});

export const ariaSignupSchema = z.object({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: requiredPhone,
  propertyName: requiredText(messages.propertyName, 200),
  units: optionalChoice(unitRanges),
});

export const leadSchemas = {
  'growth-audit': growthAuditSchema,
  demo: demoSchema,
  contact: contactSchema,
  'aria-signup': ariaSignupSchema,
} as const;

export type LeadFields<F extends LeadForm> = z.output<(typeof leadSchemas)[F]>;
export type LeadInput<F extends LeadForm> = z.input<(typeof leadSchemas)[F]>;

/** Visit attribution captured in the browser (SPEC section 7); every field optional and bounded. */
const attrText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
const attrNumber = (max: number) =>
  z.catch(z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.gte(0), z.lte(max))), undefined);

export const attributionSchema = z.object({
  page_url: attrText(2048),
  referrer: attrText(2048),
  user_agent: attrText(512),
  time_on_page: attrNumber(60 * 60 * 24),
  scroll_depth: attrNumber(100),
  screen_resolution: attrText(32),
  viewport_size: attrText(32),
  timezone: attrText(64),
  language: attrText(35),
  utm_source: attrText(200),
  utm_medium: attrText(200),
  utm_campaign: attrText(200),
  utm_term: attrText(200),
  utm_content: attrText(200),
});

export type Attribution = z.output<typeof attributionSchema>;

/** Spam checks: a honeypot field humans never see, and when the form was first shown (ms epoch). */
export const HONEYPOT_FIELD = 'company_website';
export const STARTED_AT_FIELD = 'form_started_at';
/** Submissions faster than this after the form appeared are treated as bots. */
export const MIN_FILL_MS = 2500;

export type FieldErrors = Record<string, string>;

/** Flattens zod issues to one message per field: the first, as the form shows it. */
export function fieldErrors(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
