import { describe, expect, it } from 'vitest';
import { ariaSignupSchema, contactSchema, demoSchema, growthAuditSchema, messages, type LeadSchema } from '@/lib/schemas/leads';

const errorsOf = (schema: LeadSchema<object>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : result.fieldErrors;
};

describe('growth audit schema (SPEC section 5)', () => {
  it('reports the exact messages for empty required fields', () => {
    expect(errorsOf(growthAuditSchema, { firstName: '', lastName: ' ', email: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
  });

  it.each(['plainaddress', 'a@b', 'a b@c.com', '@example.com', 'x@.com'])('rejects the email %j', (value) => {
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: value }).email).toBe(messages.emailInvalid);
  });

  it.each(['+1 (555) 010-0199', '555-010-0199', '+4915112345678', '1234567890123456'])('accepts the phone %j', (phone) => {
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone })).toEqual({});
  });

  it.each(['0123456', '+0 555', 'phone', '12345678901234567', '555.010.0199', '++15550100'])('rejects the phone %j', (phone) => {
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone }).phone).toBe('Please enter a valid phone number');
  });

  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.co.uk/about', 'https://www.example.co.uk/about'],
    ['http://example.com', 'http://example.com'],
    ['https://shop.example.com:8443/a?b=c', 'https://shop.example.com:8443/a?b=c'],
  ])('accepts the website %j and prepends https:// when no scheme', (website, expected) => {
    const result = growthAuditSchema.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', website });
    expect(result.website).toBe(expected);
  });

  it.each(['example', 'ftp://example.com', 'http//example.com', 'exa mple.com', 'https://', '-bad-.com'])('rejects the website %j', (website) => {
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', website }).website).toBe(
      'Invalid website URL (e.g., example.com or https://example.com)',
    );
  });

  it('treats missing optional fields as empty', () => {
    expect(growthAuditSchema.parse({ firstName: ' Ann ', lastName: 'Lee', email: 'ann@lee.io' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@lee.io',
      phone: '',
      website: '',
    });
  });

  it('rejects wrong types with the field message instead of throwing', () => {
    expect(errorsOf(growthAuditSchema, { firstName: 42, lastName: null, email: ['x'] })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
  });
});

describe('demo, contact and Aria schemas', () => {
  it('demo requires phone and company and limits the selects to SPEC options', () => {
    expect(errorsOf(demoSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', industry: 'space', callVolume: '5' })).toEqual({
      phone: messages.phoneRequired,
      company: messages.company,
      industry: messages.choice,
      callVolume: messages.choice,
    });
    expect(
      demoSchema.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '5550100', company: 'Acme', industry: 'real-estate', callVolume: '1000+' }),
    ).toMatchObject({ industry: 'real-estate', callVolume: '1000+', message: '' });
  });

  it('contact needs only names and email', () => {
    expect(errorsOf(contactSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co' })).toEqual({});
  });

  it('Aria sign-up requires property name and phone and accepts the unit ranges', () => {
    expect(errorsOf(ariaSignupSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', units: '250+' })).toEqual({
      phone: messages.phoneRequired,
      propertyName: messages.propertyName,
    });
  });

  it('bounds every free-text field', () => {
    const huge = 'x'.repeat(10_000);
    expect(errorsOf(contactSchema, { firstName: huge, lastName: 'B', email: 'a@b.co', message: huge })).toEqual({
      firstName: messages.tooLong,
      message: messages.tooLong,
    });
  });
});

describe('schema mechanics', () => {
  it('keeps only the form fields and drops anything else the body carries', () => {
    expect(contactSchema.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', utm_source: 'x', admin: true })).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: '',
      message: '',
    });
  });

  it('answers a body that is not an object with one form-level message', () => {
    for (const body of [null, 'text', 42, ['a']]) expect(errorsOf(contactSchema, body)).toEqual({ form: messages.invalid });
  });

  it('refuses a wrong type in an optional field instead of storing it', () => {
    expect(errorsOf(contactSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', message: { html: '<b>' } })).toEqual({ message: messages.invalid });
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: 5550100, website: 1 })).toEqual({
      phone: messages.phone,
      website: messages.website,
    });
  });

  it('reports one message per field: the first check that fails', () => {
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: `${'x'.repeat(250)}@b.co` }).email).toBe(messages.emailInvalid);
    expect(errorsOf(demoSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '1'.repeat(41), company: 'C' }).phone).toBe(messages.phone);
  });

  it('throws from parse with the field messages when invalid', () => {
    expect(() => contactSchema.parse({})).toThrow(/First name is required/);
  });
});
