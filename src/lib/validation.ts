/**
 * Field rules shared by the browser and the server (the API's 422): raw value in, clean value or an
 * error code out; src/content/forms.ts turns codes into words.
 *
 * No validation library: these rules ship with every form, and nearly every page links to a form
 * (which Next.js prefetches). zod/mini costs about 13 KB gzipped there; these cost under 1 KB.
 */

import { isPlainAddress } from '@/config/email-address';
import { hasHiddenCharacters } from './visible-text';

/** The error codes a field can have (docs/api.md). */
const fieldErrorCodes = ['required', 'invalid', 'too_long', 'choice'] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];
type FieldErrors = Record<string, FieldErrorCode>;

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return (fieldErrorCodes as readonly unknown[]).includes(value);
}

export type FieldRule<T> = ((
  raw: unknown,
) => { ok: true; value: T } | { ok: false; code: FieldErrorCode }) & {
  /** The most characters the rule accepts, for a rule that answers `too_long` past them. */
  maxChars?: number;
};

const pass = <T>(value: T) => ({ ok: true as const, value });
const fail = (code: FieldErrorCode) => ({ ok: false as const, code });

// docs/product.md section 6.2, once spaces, dashes and parentheses are removed.
const PHONE = /^\+?[1-9]\d{0,15}$/;
// A domain with optional http(s) scheme, optional port and optional path.
const WEBSITE =
  /^(https?:\/\/)?([a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}(:\d{1,5})?(\/\S*)?$/i;

/**
 * The email, phone and website rules as the browser's `pattern` attribute checks them before a
 * plain post, so a visitor without JavaScript hears which field is wrong. Looser than the rules
 * where a pattern cannot say it all, never stricter: the server decides. For the `v` flag
 * browsers compile a pattern with, whole-value (tests/unit/lead-schemas.test.ts checks both).
 */
export const formatPatterns = {
  // Something, @, and a domain with a dot: 'name@example' is refused, as the server does.
  email: String.raw`[^@\s]+@[^@\s]+\.[^@\s]+`,
  // Spaces, dashes and brackets anywhere, an optional +, and digits from 1-9 on (blank is optional).
  phone: String.raw`\s*|[\s\-\(\)]*\+?[\s\-\(\)]*[1-9][\d\s\-\(\)]*`,
  // A host with a dot, after any scheme (any case), then a path (blank is optional).
  website: String.raw`\s*|\s*[^\s\/]*(\/\/)?[^\s\/]+\.[^\s\/]+(\/\S*)?\s*`,
} as const;

// A UTF-16 surrogate without its pair ("\ud800" in JSON): no keyboard types one, and PostgreSQL
// refuses to store it (a 503). No u flag or lookbehind, for older browsers.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the string is valid Unicode (String.prototype.isWellFormed, for every browser). */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

function normalizePhone(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

function normalizeWebsite(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/**
 * The address with its domain as DNS spells it (a domain with an umlaut as its xn-- form), for the
 * check only: the domain's own letters stay in what is stored. Unchanged when ASCII or unparsable.
 */
function asciiDomain(value: string): string {
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  return value.replace(/^(https?:\/\/)?([^/:?#\s]+)/i, (whole, scheme = '', domain: string) => {
    try {
      return `${scheme}${new URL(`https://${domain}`).hostname}`;
    } catch {
      return whole;
    }
  });
}

const bounded = <T>(max: number, rule: FieldRule<T>): FieldRule<T> =>
  Object.assign(rule, { maxChars: max });

/**
 * A name or a company: one line. Line breaks (only a client of the API can send them) become a
 * space, so the value cannot show as more fields below its own in an email or the inbox.
 */
export const requiredText = (max = 100): FieldRule<string> =>
  bounded(max, (raw) => {
    if (typeof raw !== 'string' || raw.trim() === '') return fail('required');
    const value = raw.replace(/\s*[\r\n\v\f\u2028\u2029]\s*/g, ' ').trim();
    return value.length > max ? fail('too_long') : pass(value);
  });

/** Optional free text: missing means ''. */
export const optionalText = (max: number): FieldRule<string> =>
  bounded(max, (raw) => {
    if (raw === undefined) return pass('');
    if (typeof raw !== 'string') return fail('invalid');
    const value = raw.trim();
    return value.length > max ? fail('too_long') : pass(value);
  });

/**
 * One mailbox, written plainly. An address with an invisible or direction-changing character shows
 * as another one ('ceo@victim.\u202Emoc').
 */
export function isEmailAddress(value: string): boolean {
  return isPlainAddress(value) && !hasHiddenCharacters(value);
}

export const email: FieldRule<string> = (raw) => {
  if (typeof raw !== 'string' || raw.trim() === '') return fail('required');
  const value = raw.trim();
  return isEmailAddress(value) ? pass(value) : fail('invalid');
};

export const phone =
  ({ required }: { required: boolean }): FieldRule<string> =>
  (raw) => {
    if (raw === undefined && !required) return pass('');
    if (typeof raw !== 'string') return fail(required ? 'required' : 'invalid');
    const value = raw.trim();
    if (value === '') return required ? fail('required') : pass('');
    return value.length > 40 || !PHONE.test(normalizePhone(value)) ? fail('invalid') : pass(value);
  };

/** Optional; a bare domain gets https:// in front. */
export const optionalWebsite: FieldRule<string> = (raw) => {
  if (raw === undefined) return pass('');
  if (typeof raw !== 'string') return fail('invalid');
  const value = raw.trim();
  if (value === '') return pass('');
  return value.length > 2048 || !WEBSITE.test(asciiDomain(value))
    ? fail('invalid')
    : pass(normalizeWebsite(value));
};

/** An optional select: '' (nothing chosen) or one of the options. */
export const optionalChoice =
  <const T extends readonly string[]>(options: T): FieldRule<T[number] | ''> =>
  (raw) => {
    if (raw === undefined || raw === '') return pass('');
    return typeof raw === 'string' && options.includes(raw)
      ? pass(raw as T[number])
      : fail('choice');
  };

/** Optional bounded text whose bad value is dropped by the caller, never a reason to refuse. */
export const optionalBounded =
  (max: number): FieldRule<string | undefined> =>
  (raw) => {
    if (raw === undefined) return pass(undefined);
    if (typeof raw !== 'string' || raw.trim().length > max || !isWellFormed(raw))
      return fail('invalid');
    return pass(raw.trim());
  };

/** A whole number 0..max, sent as a number or a numeric string. */
export const optionalWholeNumber =
  (max: number): FieldRule<number | undefined> =>
  (raw) => {
    if (raw === undefined) return pass(undefined);
    const value =
      typeof raw === 'number'
        ? raw
        : typeof raw === 'string' && raw.trim() !== ''
          ? Number(raw)
          : NaN;
    return Number.isInteger(value) && value >= 0 && value <= max ? pass(value) : fail('invalid');
  };

export type Shape = Record<string, FieldRule<unknown>>;
export type Output<S extends Shape> = {
  [K in keyof S]: S[K] extends FieldRule<infer T> ? T : never;
};
type ParseResult<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

export type Schema<T> = {
  fields: readonly string[];
  /** Each text field's most characters, for messages that say the limit. */
  maxChars: Readonly<Record<string, number>>;
  safeParse(input: unknown): ParseResult<T>;
  /** Like safeParse, but throws on invalid input (tests and trusted callers). */
  parse(input: unknown): T;
};

/** An object of field rules: unknown keys are dropped, each invalid field gets one error code. */
export function schema<const S extends Shape>(shape: S): Schema<Output<S>> {
  const fields = Object.keys(shape) as (keyof S & string)[];
  const safeParse = (input: unknown): ParseResult<Output<S>> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return { success: false, fieldErrors: { form: 'invalid' } };
    const data: Record<string, unknown> = {};
    const errors: FieldErrors = {};
    for (const field of fields) {
      const raw = (input as Record<string, unknown>)[field];
      // Checked here for every rule, so that no rule can let one through to the database.
      if (typeof raw === 'string' && !isWellFormed(raw)) {
        errors[field] = 'invalid';
        continue;
      }
      const result = shape[field]!(raw);
      if (result.ok) data[field] = result.value;
      else errors[field] = result.code;
    }
    return Object.keys(errors).length > 0
      ? { success: false, fieldErrors: errors }
      : { success: true, data: data as Output<S> };
  };
  return {
    fields,
    maxChars: Object.fromEntries(
      fields.flatMap((field) => {
        const max = shape[field]!.maxChars;
        return max === undefined ? [] : [[field, max]];
      }),
    ),
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw new Error(`Invalid input: ${JSON.stringify(result.fieldErrors)}`);
      return result.data;
    },
  };
}
