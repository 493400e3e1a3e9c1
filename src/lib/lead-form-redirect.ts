import { messages, type FieldErrors, type LeadForm } from './schemas/leads';

/**
 * Where a plain HTML form post (JavaScript off) lands after POST /api/leads/{form}.
 * The API answers 303 See Other, so a reload never re-posts:
 *
 * - accepted (or spam, indistinguishably): `success`, ending in #{formId}-sent
 * - rejected: `{page}?errors={token}#{formId}-error` where token = encodeLeadFormErrors(errors)
 *
 * The pages are static, so the fragment does the work without JavaScript: CSS
 * :target shows the matching panel (components/lead-forms/no-script-outcome.tsx).
 * When the page does run scripts, the form hook also decodes the token and puts
 * each message beside its field.
 *
 * The token carries field names and messages only, never what was typed: a URL
 * ends up in history, server logs, analytics and Referer headers, and names,
 * emails and phone numbers do not belong there. The visitor's input is not
 * lost: the form page shows the messages and invites them to go Back, where the
 * browser restores the form as it was typed (history navigation keeps form
 * state), fix the fields and send again.
 *
 * Not-field problems use the key 'form' (too many requests, too large, server
 * unavailable). The decoder accepts only messages this site itself produces
 * (the schema messages and `formMessages` below), so a crafted link cannot put
 * arbitrary text on our page.
 */

export type LeadFormPage = { page: string; formId: string; success: string };

export const leadFormPages: Record<LeadForm, LeadFormPage> = {
  'growth-audit': { page: '/growth-audit', formId: 'growth-audit-form', success: '/thank-you' },
  demo: { page: '/contact-demo', formId: 'demo-form', success: '/contact-demo?sent=1#demo-form-sent' },
  contact: { page: '/contact-us', formId: 'contact-form', success: '/contact-us?sent=1#contact-form-sent' },
  'aria-signup': { page: '/aria-landing', formId: 'aria-signup-form', success: '/aria-landing?sent=1#aria-signup-form-sent' },
};

/** Messages for problems that are not about one field (key 'form'). */
export const formMessages = {
  invalid: 'Some of the details could not be read. Please check the form and try again.',
  tooLarge: 'The form is too large to send. Please shorten your message and try again.',
  tooMany: 'Too many requests from your connection. Please wait a minute and try again.',
  unavailable: 'We could not save your details just now. Please try again in a few minutes or contact us directly.',
} as const;

export const ERRORS_PARAM = 'errors';
const MAX_TOKEN_LENGTH = 4096;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

function knownMessage(value: string): boolean {
  return (Object.values(messages) as string[]).includes(value) || (Object.values(formMessages) as string[]).includes(value);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string {
  const base64 = token.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** base64url(JSON of { field: message }). */
export function encodeLeadFormErrors(errors: FieldErrors): string {
  return toBase64Url(JSON.stringify(errors));
}

/**
 * The errors in an `errors` query value, or null when it is absent, malformed,
 * too long, or holds a message this site does not produce. Pure; safe in the
 * browser and on the server (e.g. a page's `searchParams.errors`).
 */
export function decodeLeadFormErrors(token: string | string[] | null | undefined): FieldErrors | null {
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
  const errors: FieldErrors = {};
  for (const [field, message] of entries) {
    if (!FIELD_NAME.test(field) || typeof message !== 'string' || !knownMessage(message)) return null;
    errors[field] = message;
  }
  return errors;
}

/** The 303 target for a rejected plain form post. */
export function leadFormErrorUrl(form: LeadForm, errors: FieldErrors): string {
  const { page, formId } = leadFormPages[form];
  return `${page}?${ERRORS_PARAM}=${encodeLeadFormErrors(errors)}#${formId}-error`;
}
