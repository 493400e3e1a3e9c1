import { describe, expect, it } from 'vitest';
import {
  decodeLeadFormErrors,
  encodeLeadFormErrors,
  leadFormErrorUrl,
} from '@/lib/lead-form-redirect';
import { leadFormRegistry } from '@/lib/lead-forms';

const toBase64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('lead form redirect targets', () => {
  it('sends each form to its success page', () => {
    expect(
      Object.fromEntries(
        Object.entries(leadFormRegistry).map(([form, entry]) => [form, entry.success]),
      ),
    ).toEqual({
      'growth-audit': '/thank-you',
      demo: '/contact-demo?sent=1#demo-form-sent',
      contact: '/contact-us?sent=1#contact-form-sent',
      'aria-signup': '/aria-landing?sent=1#aria-signup-form-sent',
    });
  });

  it('builds the error URL as page?errors=token#form-id', () => {
    const url = leadFormErrorUrl('contact', { email: 'invalid' });
    expect(url).toBe(
      `/contact-us?errors=${toBase64Url(JSON.stringify({ email: 'invalid' }))}#contact-form-error`,
    );
  });

  it('sends a refusal no detail can fix to a panel of its own', () => {
    for (const code of ['too_large', 'rate_limited', 'unavailable', 'foreign'] as const)
      expect(leadFormErrorUrl('demo', { form: code })).toMatch(
        new RegExp(`^/contact-demo\\?errors=[\\w-]+#demo-form-error-${code}$`),
      );
    expect(leadFormErrorUrl('demo', { form: 'invalid' })).toMatch(/#demo-form-error$/);
  });
});

describe('encodeLeadFormErrors / decodeLeadFormErrors', () => {
  it('round-trips field names and error codes', () => {
    const errors = { firstName: 'required', phone: 'invalid', form: 'rate_limited' } as const;
    const token = encodeLeadFormErrors(errors);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLeadFormErrors(token)).toEqual(errors);
  });

  it('reads the first value of a repeated query parameter', () => {
    expect(decodeLeadFormErrors([encodeLeadFormErrors({ email: 'required' }), 'x'])).toEqual({
      email: 'required',
    });
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['not base64url', 'abc$%'],
    ['not JSON', toBase64Url('{nope')],
    ['an array', toBase64Url('["x"]')],
    ['an empty object', toBase64Url('{}')],
    ['a non-string code', toBase64Url('{"email":1}')],
    ['a form-level code on a field', toBase64Url('{"email":"rate_limited"}')],
    ['a field code on the form', toBase64Url('{"form":"required"}')],
    ['a bad field name', toBase64Url(JSON.stringify({ 'a b': 'required' }))],
    ['too long', 'A'.repeat(5000)],
  ])('returns null when %s', (_label, token) => {
    expect(decodeLeadFormErrors(token)).toBeNull();
  });

  it('refuses anything but the known codes, so a crafted link cannot put text on the page', () => {
    expect(
      decodeLeadFormErrors(
        toBase64Url(JSON.stringify({ email: 'Call +1 555 to verify your account' })),
      ),
    ).toBeNull();
  });
});
