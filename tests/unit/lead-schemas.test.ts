import { describe, expect, it } from 'vitest';
import {
  callVolumeOptions,
  fieldErrorMessage,
  industryOptions,
  noScriptCopy,
  unitOptions,
} from '@/content/forms';
import { leadFieldNames, leadForms, leadSchema, selectChoices } from '@/lib/lead-forms';
import { formatPatterns, isWellFormed, type Schema } from '@/lib/validation';
import { searchedFields } from '@/server/db/schema';

const growthAuditSchema = leadSchema('growth-audit');
const demoSchema = leadSchema('demo');
const contactSchema = leadSchema('contact');
const ariaSignupSchema = leadSchema('aria-signup');

const errorsOf = (schema: Schema<unknown>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : result.fieldErrors;
};

describe('error copy (docs/product.md section 6.3, verbatim)', () => {
  it.each([
    ['firstName', 'required', 'First name is required'],
    ['lastName', 'required', 'Last name is required'],
    ['email', 'required', 'Email is required'],
    ['email', 'invalid', 'Please enter a valid email address'],
    ['phone', 'invalid', 'Please enter a valid phone number'],
    ['phone', 'required', 'Phone number is required'],
    ['website', 'invalid', 'Invalid website URL (e.g., example.com or https://example.com)'],
    ['company', 'required', 'Company is required'],
    ['propertyName', 'required', 'Property name is required'],
    ['message', 'too_long', 'This is too long'],
    ['industry', 'choice', 'Please choose one of the options'],
  ] as const)('%s %s reads %j', (field, code, message) => {
    expect(fieldErrorMessage(field, code)).toBe(message);
  });
});

describe("each form's text limits, for the message that says them", () => {
  it('lists every text field with the most characters it accepts, and nothing else', () => {
    expect(contactSchema.maxChars).toEqual({ firstName: 100, lastName: 100, message: 5000 });
    expect(demoSchema.maxChars).toMatchObject({ company: 200, message: 5000 });
    expect(demoSchema.maxChars).not.toHaveProperty('email');
    const tooLong = contactSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      message: 'x'.repeat(contactSchema.maxChars.message! + 1),
    });
    expect(tooLong.success ? {} : tooLong.fieldErrors).toEqual({ message: 'too_long' });
  });
});

describe('growth audit schema (docs/product.md section 6.2)', () => {
  it('reports required for empty required fields', () => {
    expect(errorsOf(growthAuditSchema, { firstName: '', lastName: ' ', email: '' })).toEqual({
      firstName: 'required',
      lastName: 'required',
      email: 'required',
    });
  });

  // The second row: forms a mail library reads as another mailbox with a name, a comment or a
  // list around it ('x@y.example>' goes to x@y.example), so one person would pass for several.
  it.each([
    ...['plainaddress', 'a@b', 'a b@c.com', '@example.com', 'x@.com'],
    ...['v6@a.example>', '(2)v6@a.example', 'v6(1)@a.example', '"v6"@a.example', '<v6@a.example'],
    ...[
      'a@b.example,c@d.example',
      'a;b@c.example',
      'a..b@c.example',
      '.a@c.example',
      'a.@c.example',
    ],
  ])('rejects the email %j', (value) => {
    expect(errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: value }).email).toBe(
      'invalid',
    );
  });

  it.each(["o'neil+leads@mail.example.co.uk", 'first.last@example.com', 'ünï@exämple.de'])(
    'accepts the email %j',
    (value) => {
      expect(
        errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: value }).email,
      ).toBeUndefined();
    },
  );

  it.each(['+1 (555) 010-0199', '555-010-0199', '+4915112345678', '1234567890123456'])(
    'accepts the phone %j',
    (phone) => {
      expect(
        errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone }),
      ).toEqual({});
    },
  );

  it.each(['0123456', '+0 555', 'phone', '12345678901234567', '555.010.0199', '++15550100'])(
    'rejects the phone %j',
    (phone) => {
      expect(
        errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone })
          .phone,
      ).toBe('invalid');
    },
  );

  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.co.uk/about', 'https://www.example.co.uk/about'],
    ['http://example.com', 'http://example.com'],
    ['https://shop.example.com:8443/a?b=c', 'https://shop.example.com:8443/a?b=c'],
    // A domain in its own letters is kept as typed.
    ['exämple.de', 'https://exämple.de'],
    ['https://bücher.example/über-uns', 'https://bücher.example/über-uns'],
  ])('accepts the website %j and prepends https:// when no scheme', (website, expected) => {
    const result = growthAuditSchema.parse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      website,
    });
    expect(result.website).toBe(expected);
  });

  it.each([
    'example',
    'ftp://example.com',
    'http//example.com',
    'exa mple.com',
    'https://',
    '-bad-.com',
    'exä mple.de',
    'ex\u00e4mple',
  ])('rejects the website %j', (website) => {
    expect(
      errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', website })
        .website,
    ).toBe('invalid');
  });

  it('treats missing optional fields as empty', () => {
    expect(
      growthAuditSchema.parse({ firstName: ' Ann ', lastName: 'Lee', email: 'ann@lee.io' }),
    ).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@lee.io',
      phone: '',
      website: '',
    });
  });

  it('rejects wrong types with the field message instead of throwing', () => {
    expect(errorsOf(growthAuditSchema, { firstName: 42, lastName: null, email: ['x'] })).toEqual({
      firstName: 'required',
      lastName: 'required',
      email: 'required',
    });
  });
});

describe('demo, contact and Aria schemas', () => {
  it('demo requires phone and company and limits the selects to the options of docs/product.md section 6.1', () => {
    expect(
      errorsOf(demoSchema, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        industry: 'space',
        callVolume: '5',
      }),
    ).toEqual({
      phone: 'required',
      company: 'required',
      industry: 'choice',
      callVolume: 'choice',
    });
    expect(
      demoSchema.parse({
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        phone: '5550100',
        company: 'Acme',
        industry: 'real-estate',
        callVolume: '1000+',
      }),
    ).toMatchObject({ industry: 'real-estate', callVolume: '1000+', message: '' });
  });

  it('contact needs only names and email', () => {
    expect(errorsOf(contactSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co' })).toEqual({});
  });

  it('keeps names and the company on one line, and a message as written', () => {
    const parsed = demoSchema.parse({
      firstName: 'Eve\r\nEmail: boss@agency.example',
      lastName: ' Lima\u2028\t',
      email: 'eve@example.com',
      phone: '+1 555 010 0100',
      company: 'Acme\n\nPhone: 555',
      message: 'First line.\r\nSecond line.',
    });
    expect(parsed).toMatchObject({
      firstName: 'Eve Email: boss@agency.example',
      lastName: 'Lima',
      company: 'Acme Phone: 555',
      message: 'First line.\r\nSecond line.',
    });
  });

  it('Aria sign-up requires property name and phone and accepts the unit ranges', () => {
    expect(
      errorsOf(ariaSignupSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', units: '250+' }),
    ).toEqual({
      phone: 'required',
      propertyName: 'required',
    });
  });

  it('bounds every free-text field', () => {
    const huge = 'x'.repeat(10_000);
    expect(
      errorsOf(contactSchema, { firstName: huge, lastName: 'B', email: 'a@b.co', message: huge }),
    ).toEqual({
      firstName: 'too_long',
      message: 'too_long',
    });
  });
});

describe('schema mechanics', () => {
  it('keeps only the form fields and drops anything else the body carries', () => {
    expect(
      contactSchema.parse({
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        utm_source: 'x',
        admin: true,
      }),
    ).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: '',
      message: '',
    });
  });

  it('answers a body that is not an object with one form-level message', () => {
    for (const body of [null, 'text', 42, ['a']])
      expect(errorsOf(contactSchema, body)).toEqual({ form: 'invalid' });
  });

  it('refuses a wrong type in an optional field instead of storing it', () => {
    expect(
      errorsOf(contactSchema, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        message: { html: '<b>' },
      }),
    ).toEqual({ message: 'invalid' });
    expect(
      errorsOf(growthAuditSchema, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        phone: 5550100,
        website: 1,
      }),
    ).toEqual({
      phone: 'invalid',
      website: 'invalid',
    });
  });

  it('reports one message per field: the first check that fails', () => {
    expect(
      errorsOf(growthAuditSchema, {
        firstName: 'A',
        lastName: 'B',
        email: `${'x'.repeat(250)}@b.co`,
      }).email,
    ).toBe('invalid');
    expect(
      errorsOf(demoSchema, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        phone: '1'.repeat(41),
        company: 'C',
      }).phone,
    ).toBe('invalid');
  });

  it('throws from parse with the field messages when invalid', () => {
    expect(() => contactSchema.parse({})).toThrow(/"firstName":"required"/);
  });
});

describe("the browser's format checks before a plain post (pattern attributes)", () => {
  type Field = keyof typeof formatPatterns;
  // As a browser compiles a pattern attribute: the whole value, with the v flag.
  // An email box drops the spaces around its value before it checks it; the others, line breaks.
  const matches = (field: Field, value: string) =>
    new RegExp(`^(?:${formatPatterns[field]})$`, 'v').test(
      field === 'email' ? value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '') : value,
    );
  const serverAccepts = (field: Field, value: string) =>
    errorsOf(growthAuditSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', [field]: value })[
      field
    ] === undefined;

  // A fixed seed: the same values on every run, and many of them.
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pick = (characters: string, max: number) =>
    Array.from({ length: 1 + random(max) }, () => characters[random(characters.length)]).join('');
  const made: Record<Field, () => string> = {
    email: () => `${pick('ab.+-_é(" ', 5)}@${pick('xy.-ä_', 5)}.${pick('comé-', 4)}`,
    phone: () => pick('0159+-() .a', 20),
    website: () =>
      ['', ' ', 'http://', 'HTTPS://', 'ftp://', 'http//'][random(6)] +
      `${pick('abcä1-', 6)}.${pick('abcdefé', 5)}` +
      ['', ':8443', '/a?b=c', '/ü ber', ' '][random(5)],
  };

  it.each(['email', 'phone', 'website'] as const)(
    'never refuses %s values the server accepts (20,000 made up, of every kind)',
    (field) => {
      let accepted = 0;
      for (let i = 0; i < 20_000; i++) {
        const value = made[field]();
        if (!serverAccepts(field, value)) continue;
        accepted += 1;
        expect(matches(field, value), value).toBe(true);
      }
      expect(accepted).toBeGreaterThan(500);
    },
  );

  it.each([
    ['email', 'a@b'],
    ['email', 'name@example'],
    ['email', 'a b@example.com'],
    ['phone', 'phone'],
    ['phone', '555-CALL-NOW'],
    ['phone', '0123456'],
    ['website', 'example'],
    ['website', 'not a url'],
  ] as const)('refuses the %s %j before it is sent, as the server would', (field, value) => {
    expect(serverAccepts(field, value)).toBe(false);
    expect(matches(field, value)).toBe(false);
  });

  it('lets an optional phone or website be left blank', () => {
    for (const field of ['phone', 'website'] as const) expect(matches(field, '  ')).toBe(true);
  });
});

describe('isWellFormed', () => {
  it('accepts any text with its surrogates in pairs, and refuses a lone one anywhere', () => {
    for (const ok of ['', 'Ada', '𝓐𝓭𝓪 😀', 'Ünïcødé \u202e', '\ud83d\ude00x'])
      expect(isWellFormed(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of [
      '\ud800',
      '\udfff',
      'a\ud800',
      '\ud800a',
      'a\udc00',
      '\udc00\ud800',
      '😀\ud83d',
      '\ud83d\ud83d\ude00',
    ])
      expect(isWellFormed(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('the lists derived from the registry', () => {
  it('searches only fields some form has (the search column names them again, in SQL)', () => {
    expect(searchedFields.filter((field) => !leadFieldNames.includes(field))).toEqual([]);
  });

  it('exports every field of every form once, in registry order', () => {
    expect(leadFieldNames).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'website',
      'company',
      'industry',
      'callVolume',
      'message',
      'propertyName',
      'units',
    ]);
  });
});

describe('the panel a refused plain post shows (JavaScript off)', () => {
  it('names every length limit of the forms, since it cannot say which field was too long', () => {
    const line = noScriptCopy.errorChecks.find((check) => check.text.includes('limit'))!.text;
    const limits = new Set(leadForms.flatMap((form) => Object.values(leadSchema(form).maxChars)));
    expect(limits.size).toBeGreaterThan(1);
    for (const max of limits)
      expect(line).toMatch(new RegExp(`\\b${max.toLocaleString('en-US')}\\b`));
  });
});

describe('select options', () => {
  it.each([
    ['industry', industryOptions],
    ['callVolume', callVolumeOptions],
    ['units', unitOptions],
  ] as const)('%s offers exactly the values the server accepts, in order', (field, options) => {
    expect(options.map((option) => option.value)).toEqual([...selectChoices[field]]);
  });
});
