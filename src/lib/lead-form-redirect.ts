import { leadFormRegistry, type LeadForm } from './lead-forms';
import { isFieldErrorCode, type FieldErrorCode } from './validation';

/**
 * Where a plain form post (JavaScript off) lands after its 303 (docs/product.md section 6.5). The
 * pages are static, so CSS :target on the fragment shows the panel (no-script-outcome.tsx).
 *
 * The token holds field names and error codes only, never what was typed: a URL ends up in history,
 * logs, analytics and Referer headers. Going Back restores what was typed. The page turns codes
 * into copy, so a crafted link cannot put arbitrary text on it.
 */

const formErrorCodes = ['invalid', 'too_large', 'rate_limited', 'unavailable', 'foreign'] as const;
export type FormErrorCode = (typeof formErrorCodes)[number];

/** Whether going back and sending again can work: not from a copy of the page ('foreign'). */
export const goingBackHelps = (code: FormErrorCode) => code !== 'foreign';

/** Field errors, plus `form` for a problem with the whole post. */
export type ReturnedErrors = {
  [field: string]: FieldErrorCode | FormErrorCode | undefined;
  form?: FormErrorCode;
};

const ERRORS_PARAM = 'errors';
const MAX_TOKEN_LENGTH = 4096;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string {
  const base64 = token.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  );
}

/** base64url(JSON of { field: code }). */
export function encodeLeadFormErrors(errors: ReturnedErrors): string {
  return toBase64Url(JSON.stringify(errors));
}

/**
 * The errors in an `errors` query value, or null when it is absent, malformed, too long, or holds a
 * code this site does not produce.
 */
export function decodeLeadFormErrors(
  token: string | string[] | null | undefined,
): ReturnedErrors | null {
  const value = Array.isArray(token) ? token[0] : token;
  if (!value || value.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(value));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  if (entries.length === 0 || entries.length > 20) return null;
  const errors: Record<string, string> = {};
  for (const [field, code] of entries) {
    const known =
      field === 'form'
        ? (formErrorCodes as readonly unknown[]).includes(code)
        : isFieldErrorCode(code);
    if (!FIELD_NAME.test(field) || !known) return null;
    errors[field] = code as string;
  }
  return errors as ReturnedErrors;
}

/** The 303 target for a rejected plain form post. */
/**
 * The fragment a refused plain post lands on: the checks of the details, or for a refusal that
 * no detail can fix (too large, too many posts, the database down) a panel of its own.
 */
export function leadFormErrorFragment(formId: string, errors: ReturnedErrors): string {
  const code = errors.form;
  return code && code !== 'invalid' ? `${formId}-error-${code}` : `${formId}-error`;
}

export function leadFormErrorUrl(form: LeadForm, errors: ReturnedErrors): string {
  const { page, formId } = leadFormRegistry[form];
  return `${page}?${ERRORS_PARAM}=${encodeLeadFormErrors(errors)}#${leadFormErrorFragment(formId, errors)}`;
}
