/**
 * One schema per lead form, shared by the browser (validation on submit) and
 * the server (POST /api/leads/{form}). Messages are SPEC section 5's, verbatim.
 * A request body is flat, so the same shape arrives as JSON or form-encoded:
 * the form's fields (camelCase), the attribution fields (snake_case, as sent to
 * the webhook) and two spam-check fields.
 *
 * Deliberately no validation library: these rules ship to the browser with
 * every form, and the site links to a form from nearly every page (so Next.js
 * prefetches it). zod/mini cost about 13 KB gzipped there; the handful of rules
 * below cost well under 1 KB. Each field is a function from the raw value to a
 * clean value or its message; the first failing check gives the message.
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
  invalid: 'This value is not valid',
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

/** A field's rule: the raw value in, the clean value or the message to show out. */
export type FieldRule<T> = (raw: unknown) => { ok: true; value: T } | { ok: false; message: string };

const pass = <T>(value: T) => ({ ok: true as const, value });
const fail = (message: string) => ({ ok: false as const, message });

const requiredText =
  (message: string, max = 100): FieldRule<string> =>
  (raw) => {
    if (typeof raw !== 'string' || raw.trim() === '') return fail(message);
    const value = raw.trim();
    return value.length > max ? fail(messages.tooLong) : pass(value);
  };

/** Optional free text: missing means ''. */
const optionalText =
  (max: number): FieldRule<string> =>
  (raw) => {
    if (raw === undefined) return pass('');
    if (typeof raw !== 'string') return fail(messages.invalid);
    const value = raw.trim();
    return value.length > max ? fail(messages.tooLong) : pass(value);
  };

const email: FieldRule<string> = (raw) => {
  if (typeof raw !== 'string' || raw.trim() === '') return fail(messages.email);
  const value = raw.trim();
  return value.length > 254 || !EMAIL.test(value) ? fail(messages.emailInvalid) : pass(value);
};

const phoneRule =
  (required: boolean): FieldRule<string> =>
  (raw) => {
    if (raw === undefined && !required) return pass('');
    if (typeof raw !== 'string') return fail(required ? messages.phoneRequired : messages.phone);
    const value = raw.trim();
    if (value === '') return required ? fail(messages.phoneRequired) : pass('');
    return value.length > 40 || !PHONE.test(normalizePhone(value)) ? fail(messages.phone) : pass(value);
  };

const optionalPhone = phoneRule(false);
const requiredPhone = phoneRule(true);

/** Optional; a bare domain gets https:// in front. */
const optionalWebsite: FieldRule<string> = (raw) => {
  if (raw === undefined) return pass('');
  if (typeof raw !== 'string') return fail(messages.website);
  const value = raw.trim();
  if (value === '') return pass('');
  return value.length > 2048 || !WEBSITE.test(value) ? fail(messages.website) : pass(normalizeWebsite(value));
};

/** An optional select: '' (nothing chosen) or one of the options. */
const optionalChoice =
  <const T extends readonly string[]>(options: T): FieldRule<T[number] | ''> =>
  (raw) => {
    if (raw === undefined || raw === '') return pass('');
    return typeof raw === 'string' && options.includes(raw) ? pass(raw as T[number]) : fail(messages.choice);
  };

export type ParseResult<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

export type LeadSchema<T> = {
  safeParse(input: unknown): ParseResult<T>;
  /** Like safeParse, but throws on invalid input (tests and trusted callers). */
  parse(input: unknown): T;
};

type Shape = Record<string, FieldRule<unknown>>;
type Output<S extends Shape> = { [K in keyof S]: S[K] extends FieldRule<infer T> ? T : never };

/** An object of field rules: unknown keys are dropped, each invalid field gets its first message. */
function schema<const S extends Shape>(shape: S): LeadSchema<Output<S>> {
  const fields = Object.keys(shape) as (keyof S & string)[];
  const safeParse = (input: unknown): ParseResult<Output<S>> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return { success: false, fieldErrors: { form: messages.invalid } };
    const data: Record<string, unknown> = {};
    const errors: FieldErrors = {};
    for (const field of fields) {
      const result = shape[field]!((input as Record<string, unknown>)[field]);
      if (result.ok) data[field] = result.value;
      else errors[field] = result.message;
    }
    return Object.keys(errors).length > 0 ? { success: false, fieldErrors: errors } : { success: true, data: data as Output<S> };
  };
  return {
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw new Error(`Invalid lead: ${JSON.stringify(result.fieldErrors)}`);
      return result.data;
    },
  };
}

export const industries = ['healthcare', 'real-estate', 'automotive', 'retail', 'professional-services', 'other'] as const;
export const callVolumes = ['0-100', '100-500', '500-1000', '1000+'] as const;
export const unitRanges = ['1-25', '26-50', '51-100', '101-250', '250+'] as const;

export const growthAuditSchema = schema({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: optionalPhone,
  website: optionalWebsite,
});

export const demoSchema = schema({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: requiredPhone,
  company: requiredText(messages.company, 200),
  industry: optionalChoice(industries),
  callVolume: optionalChoice(callVolumes),
  message: optionalText(5000),
});

export const contactSchema = schema({
  firstName: requiredText(messages.firstName),
  lastName: requiredText(messages.lastName),
  email,
  phone: optionalPhone,
  message: optionalText(5000),
});

export const ariaSignupSchema = schema({
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

/** Visit attribution captured in the browser (SPEC section 7); every field optional and bounded. */
const attrText =
  (max: number): FieldRule<string | undefined> =>
  (raw) => {
    if (raw === undefined) return pass(undefined);
    if (typeof raw !== 'string' || raw.trim().length > max) return fail(messages.invalid);
    return pass(raw.trim());
  };

/** A whole number 0..max, sent as a number or a numeric string. */
const attrNumber =
  (max: number): FieldRule<number | undefined> =>
  (raw) => {
    if (raw === undefined) return pass(undefined);
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    return Number.isInteger(value) && value >= 0 && value <= max ? pass(value) : fail(messages.invalid);
  };

export const attributionRules = {
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
} satisfies Shape;

type RuleValue<R> = R extends FieldRule<infer T> ? T : never;
export type Attribution = { [K in keyof typeof attributionRules]?: Exclude<RuleValue<(typeof attributionRules)[K]>, undefined> };

/** Spam checks: a honeypot field humans never see, and when the form was first shown (ms epoch). */
export const HONEYPOT_FIELD = 'company_website';
export const STARTED_AT_FIELD = 'form_started_at';
/** Submissions faster than this after the form appeared are treated as bots. */
export const MIN_FILL_MS = 2500;

export type FieldErrors = Record<string, string>;
