import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POST } from '@/app/api/leads/[form]/route';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { readMigrations } from '@/server/db/migrate';
import { intakeHealth, isDataException } from '@/server/leads/intake-health';
import { leads, leadDeliveries } from '@/server/db/schema';
import { leadRequest, freshEnvironment, validBodies } from './support/helpers';
import { leadSchema } from '@/lib/lead-forms';

/**
 * At least 200 generated malformed requests: each is answered 4xx with a JSON error (never 500,
 * never a crash) and none stores anything. No webhook is configured here, so the one valid lead at
 * the end is stored as 'skipped'.
 */

await freshEnvironment({ LEADS_RATE_LIMIT_PER_MINUTE: '0' });

type Case = {
  label: string;
  form: string;
  body: BodyInit | null;
  contentType: string | null;
  expect?: number;
  field?: string;
};

const forms = Object.keys(validBodies) as Array<keyof typeof validBodies>;
const wrongTypes: unknown[] = [1, 1.5, true, null, {}, [], ['a'], { toString: 'x' }];
const json = (value: unknown) => JSON.stringify(value);

/** Posts a lead that must be accepted (201) and returns the row stored for it. */
async function acceptedLead(form: keyof typeof validBodies, body: unknown) {
  const response = await POST(leadRequest(form, { body: json(body) }), {
    params: Promise.resolve({ form }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const { db } = await getDatabase();
  const [lead] = await db
    .select()
    .from(leads)
    .where(sql`${leads.id} = ${id}`);
  return lead;
}

// A small deterministic PRNG so a failure can be reproduced.
let seed = 20_260_304;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const garbage = (length: number) =>
  Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 0x2fff))).join('');

function cases(): Case[] {
  const all: Case[] = [];
  const add = (
    label: string,
    form: string,
    body: BodyInit | null,
    contentType: string | null = 'application/json',
    status?: number,
    field?: string,
  ) => all.push({ label, form, body, contentType, expect: status, field });

  for (const form of forms) {
    const valid = validBodies[form] as Record<string, string>;
    // Wrong types, one field at a time, on an otherwise valid lead.
    for (const field of Object.keys(valid))
      for (const value of wrongTypes)
        add(
          `${form}.${field} = ${json(value)}`,
          form,
          json({ ...valid, [field]: value }),
          undefined,
          422,
        );
    // Lone UTF-16 surrogates (docs/product.md section 6.2): PostgreSQL cannot store them, so each
    // is a 422 naming its field, not a 503.
    for (const field of Object.keys(valid))
      for (const value of ['\ud800', 'Ada\udfff', '\udc00\ud800', `${valid[field]}\ud83d`])
        add(
          `${form}.${field} = ${json(value)}`,
          form,
          json({ ...valid, [field]: value }),
          undefined,
          422,
          field,
        );
    // A field that passes its own pattern with a lone surrogate inside (a website's path).
    if (leadSchema(form).fields.includes('website'))
      add(
        `${form}.website = "example.com/\\ud800"`,
        form,
        json({ ...valid, website: 'example.com/\ud800' }),
        undefined,
        422,
        'website',
      );
    // Missing fields.
    add(`${form}: empty object`, form, '{}', undefined, 422);
    for (const field of ['firstName', 'lastName', 'email']) {
      const { [field]: _dropped, ...rest } = valid;
      add(`${form}: without ${field}`, form, json(rest), undefined, 422);
    }
    // Too long, and over the body limit.
    add(
      `${form}: 101-character first name`,
      form,
      json({ ...valid, firstName: 'A'.repeat(101) }),
      undefined,
      422,
    );
    add(
      `${form}: 300-character email`,
      form,
      json({ ...valid, email: `${'a'.repeat(290)}@example.com` }),
      undefined,
      422,
    );
    add(
      `${form}: 100 KB field`,
      form,
      json({ ...valid, lastName: 'B'.repeat(100_000) }),
      undefined,
      413,
    );
    // Script tags and unicode, with something else wrong so nothing may be stored.
    add(
      `${form}: script tag, bad email`,
      form,
      json({
        ...valid,
        firstName: '<script>alert(1)</script>',
        email: '<img src=x onerror=alert(1)>',
      }),
      undefined,
      422,
    );
    add(
      `${form}: unicode, no last name`,
      form,
      json({ ...valid, firstName: '𝓐𝓭𝓪 \u202e\u0000 ü', lastName: ' \t\n' }),
      undefined,
      422,
    );
    add(
      `${form}: RTL email`,
      form,
      json({ ...valid, email: '\u202eexample.com@ada' }),
      undefined,
      422,
    );
    // Not JSON, or not an object.
    for (const text of [
      '',
      ' ',
      '{',
      '{"firstName":',
      "{'firstName':'A'}",
      'null',
      'true',
      '42',
      '"text"',
      '[]',
      json([valid]),
      '{"a":1}}',
      '\u0000',
      'undefined',
    ]) {
      add(`${form}: JSON ${json(text)}`, form, text);
    }
    // Wrong content types (a valid JSON body, mislabelled).
    for (const type of [
      null,
      'text/plain',
      'text/html',
      'application/xml',
      'application/jsonx',
      'multipart/mixed; boundary=x',
      'application/octet-stream',
      'image/png',
    ]) {
      add(`${form}: content-type ${type}`, form, json(valid), type, 415);
    }
    // Form-encoded and multipart, malformed.
    add(
      `${form}: urlencoded, missing fields`,
      form,
      'firstName=%E0%A4%A&email=',
      'application/x-www-form-urlencoded',
      422,
    );
    add(`${form}: urlencoded JSON`, form, json(valid), 'application/x-www-form-urlencoded', 422);
    add(`${form}: multipart without boundary`, form, 'firstName=A', 'multipart/form-data', 400);
    add(
      `${form}: multipart, broken`,
      form,
      '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nA',
      'multipart/form-data; boundary=x',
      400,
    );
    // Prototype games.
    add(`${form}: __proto__`, form, `{"__proto__":${json(valid)}}`, undefined, 422);
    add(`${form}: constructor`, form, json({ constructor: { prototype: valid } }), undefined, 422);
    // Random unicode garbage.
    for (let i = 0; i < 4; i += 1)
      add(`${form}: garbage ${i}`, form, garbage(10 + Math.floor(random() * 200)));
  }
  for (const form of [
    '',
    'unknown',
    'CONTACT',
    '__proto__',
    'constructor',
    'toString',
    '../contact',
    'contact%00',
    'growth_audit',
    '<script>',
    'con%tact',
    '%ff',
    '\ud800',
    'contact\u0000',
  ]) {
    add(`unknown form ${json(form)}`, form, json(validBodies.contact), undefined, 404);
  }
  return all;
}

beforeAll(async () => {
  await getDatabase();
});

afterAll(async () => {
  await closeDatabase();
});

describe('malformed lead requests', () => {
  const all = cases();

  it('generates at least 200 of them', () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
  });

  it('answers each with a 4xx JSON error, never a 500, and stores nothing', async () => {
    const failures: string[] = [];
    for (const c of all) {
      const response = await POST(
        leadRequest(c.form, { body: c.body, contentType: c.contentType }),
        { params: Promise.resolve({ form: c.form }) },
      );
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      const ok =
        response.status >= 400 &&
        response.status < 500 &&
        typeof body?.error === 'string' &&
        (c.expect === undefined || c.expect === response.status) &&
        (c.field === undefined ||
          c.field in ((body as { fieldErrors?: object }).fieldErrors ?? {}));
      if (!ok) failures.push(`${c.label}: ${response.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
    const { db } = await getDatabase();
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]!.n).toBe(0);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(leadDeliveries))[0]!.n).toBe(0);
  });

  it("still accepts a valid lead, and with no webhook or mail server configured stores its jobs as 'skipped'", async () => {
    const response = await POST(leadRequest('contact', { body: json(validBodies.contact) }), {
      params: Promise.resolve({ form: 'contact' }),
    });
    expect(response.status).toBe(201);
    const { db } = await getDatabase();
    const deliveries = await db.select().from(leadDeliveries);
    expect(deliveries.map((row) => row.channel).sort()).toEqual([
      'agency_email',
      'visitor_email',
      'webhook',
    ]);
    expect(deliveries.find((row) => row.channel === 'webhook')).toMatchObject({
      status: 'skipped',
      webhookUrl: null,
      attempts: 0,
      lastError: 'no webhook configured',
    });
    // The agency's address by default is the site's contact address.
    expect(deliveries.find((row) => row.channel === 'agency_email')).toMatchObject({
      recipient: 'hello@brightline.example',
      status: 'skipped',
      lastError: expect.stringMatching(/^Email is off: set SMTP_URL/),
    });
  });

  it('accepts a valid lead full of unicode, control characters and markup, storing it verbatim except NUL', async () => {
    const body = {
      ...validBodies.demo,
      firstName: '𝓐𝓭𝓪\u0000 <script>alert(1)</script>',
      lastName: 'Ünïcødé \u202e\u200b',
      message: '"}); DROP TABLE leads; --\u0000',
    };
    const lead = await acceptedLead('demo', body);
    expect(lead!.fields).toMatchObject({
      firstName: '𝓐𝓭𝓪 <script>alert(1)</script>',
      lastName: 'Ünïcødé \u202e\u200b',
      message: '"}); DROP TABLE leads; --',
    });
  });

  it('accepts a lead whose attribution holds a lone surrogate, dropping that value', async () => {
    const body = {
      ...validBodies.contact,
      email: 'surrogate@example.com',
      utm_source: 'news\ud800',
      page_url: 'https://a.example/\udfff',
      language: 'en-US',
    };
    const lead = await acceptedLead('contact', body);
    expect(lead!.attribution).toEqual({ language: 'en-US' });
  });

  it('accepts a lead from a page whose campaign holds an encoded NUL, keeping the campaign without it', async () => {
    const body = {
      ...validBodies.contact,
      email: 'nul-campaign@example.com',
      page_url: 'https://www.brightline.example/contact-us?utm_source=news%00letter&utm_medium=%00',
    };
    const lead = await acceptedLead('contact', body);
    expect(lead!.attribution).toEqual({
      page_url: body.page_url,
      utm_source: 'newsletter',
    });
    expect(intakeHealth()).toEqual({ storing: true });
  });

  it("classifies the database's refusal of a value (SQLSTATE class 22, the lead's fault) apart from its failure", async () => {
    const { db } = await getDatabase();
    const error = await db
      .execute(sql`SELECT '"\\u0000"'::jsonb`)
      .catch((caught: unknown) => caught);
    expect(isDataException(error)).toBe(true);
    expect(isDataException(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(false);
    expect(isDataException(Object.assign(new Error('disk full'), { code: '53100' }))).toBe(false);
  });

  it('keeps its data and applies no migration twice when the database is reopened', async () => {
    await closeDatabase();
    const { db } = await getDatabase();
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]!.n).toBe(4);
    const migrations = await db.execute(sql`select name from lead_schema_migrations order by name`);
    const expected = (await readMigrations()).map(({ name }) => ({ name }));
    expect(expected.length).toBeGreaterThan(2);
    expect((migrations as unknown as { rows: unknown[] }).rows).toEqual(expected);
  });
});
