import { describe, expect, it } from 'vitest';
import { decodeLeadFormErrors, encodeLeadFormErrors, formMessages, leadFormErrorUrl, leadFormPages } from '@/lib/lead-form-redirect';
import { messages } from '@/lib/schemas/leads';

const toBase64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('lead form redirect targets', () => {
  it('sends each form to its success page', () => {
    expect(Object.fromEntries(Object.entries(leadFormPages).map(([form, page]) => [form, page.success]))).toEqual({
      'growth-audit': '/thank-you',
      demo: '/contact-demo?sent=1#demo-form-sent',
      contact: '/contact-us?sent=1#contact-form-sent',
      'aria-signup': '/aria-landing?sent=1#aria-signup-form-sent',
    });
  });

  it('builds the error URL as page?errors=token#form-id', () => {
    const url = leadFormErrorUrl('contact', { email: messages.emailInvalid });
    expect(url).toBe(`/contact-us?errors=${toBase64Url(JSON.stringify({ email: messages.emailInvalid }))}#contact-form-error`);
  });
});

describe('encodeLeadFormErrors / decodeLeadFormErrors', () => {
  it('round-trips field names and messages', () => {
    const errors = { firstName: messages.firstName, phone: messages.phone, form: formMessages.tooMany };
    const token = encodeLeadFormErrors(errors);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLeadFormErrors(token)).toEqual(errors);
  });

  it('reads the first value of a repeated query parameter', () => {
    expect(decodeLeadFormErrors([encodeLeadFormErrors({ email: messages.email }), 'x'])).toEqual({ email: messages.email });
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['not base64url', 'abc$%'],
    ['not JSON', toBase64Url('{nope')],
    ['an array', toBase64Url('["x"]')],
    ['an empty object', toBase64Url('{}')],
    ['a non-string message', toBase64Url('{"email":1}')],
    ['a bad field name', toBase64Url(JSON.stringify({ 'a b': messages.email }))],
    ['too long', 'A'.repeat(5000)],
  ])('returns null when %s', (_label, token) => {
    expect(decodeLeadFormErrors(token)).toBeNull();
  });

  it('refuses messages this site does not produce, so a crafted link cannot put text on the page', () => {
    expect(decodeLeadFormErrors(toBase64Url(JSON.stringify({ email: 'Call +1 555 to verify your account' })))).toBeNull();
  });
});
