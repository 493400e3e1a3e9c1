import { describe, expect, it } from 'vitest';
import { buildWebhookPayload, type StoredLead } from '@/server/outbox/webhook-payload';

const createdAt = new Date('2026-03-04T05:06:07.089Z');
const fullAttribution = {
  page_url: 'https://www.agency.com/growth-audit?utm_source=google',
  referrer: 'https://www.google.com/',
  user_agent: 'Mozilla/5.0 (Test)',
  time_on_page: 42,
  scroll_depth: 87,
  screen_resolution: '1920x1080',
  viewport_size: '1280x720',
  timezone: 'Europe/Berlin',
  language: 'de-DE',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring',
  utm_term: 'ai agency',
  utm_content: 'ad-1',
};

const lead = (
  form: StoredLead['form'],
  fields: Record<string, string>,
  attribution = {},
): StoredLead => ({
  id: '6f1c3c52-4d0e-4f37-9d5c-7d2b8c1e0a11',
  form,
  fields,
  attribution,
  createdAt,
});

describe('buildWebhookPayload (docs/product.md section 6.8)', () => {
  it('maps a growth audit lead to the exact fields, in the order of docs/product.md section 6.8', () => {
    const payload = buildWebhookPayload(
      lead(
        'growth-audit',
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phone: '+1 555 010 0199',
          website: 'https://example.com',
        },
        fullAttribution,
      ),
    );
    expect(payload).toStrictEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1 555 010 0199',
      website: 'https://example.com',
      full_name: 'Ada Lovelace',
      source: 'growth_audit_landing_page',
      timestamp: '2026-03-04T05:06:07.089Z',
      ...fullAttribution,
      cta_clicked: 'unlock_growth_audit',
      lead_temperature: 'hot',
      interest_level: 'high',
      lead_source: 'Website - Growth Audit',
      lead_status: 'New Lead',
      tags: ['growth-audit', 'website-lead', 'automation-interest'],
    });
    expect(Object.keys(payload)).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone',
      'website',
      'full_name',
      'source',
      'timestamp',
      'page_url',
      'referrer',
      'user_agent',
      'time_on_page',
      'scroll_depth',
      'screen_resolution',
      'viewport_size',
      'timezone',
      'language',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'cta_clicked',
      'lead_temperature',
      'interest_level',
      'lead_source',
      'lead_status',
      'tags',
    ]);
  });

  it('sends null for an empty phone and website and missing attribution, and direct as the referrer', () => {
    const payload = buildWebhookPayload(
      lead('growth-audit', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '',
        website: '',
      }),
    );
    expect(payload).toMatchObject({
      phone: null,
      website: null,
      referrer: 'direct',
      page_url: null,
      user_agent: null,
      time_on_page: null,
      scroll_depth: null,
      utm_source: null,
      utm_content: null,
    });
  });

  it('keeps zero-valued numbers (an instant submit, no scroll) rather than nulling them', () => {
    const payload = buildWebhookPayload(
      lead(
        'growth-audit',
        { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '', website: '' },
        { time_on_page: 0, scroll_depth: 0 },
      ),
    );
    expect(payload).toMatchObject({ time_on_page: 0, scroll_depth: 0 });
  });

  const noAttribution = {
    page_url: null,
    referrer: 'direct',
    user_agent: null,
    time_on_page: null,
    scroll_depth: null,
    screen_resolution: null,
    viewport_size: null,
    timezone: null,
    language: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
  };

  it('maps a demo request to all form fields plus source, timestamp and the attribution', () => {
    const fields = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '555-010-0100',
      company: 'Navy',
      industry: 'other',
      callVolume: '100-500',
      message: 'Hello <script>alert(1)</script>',
    };
    const payload = buildWebhookPayload(lead('demo', fields, fullAttribution));
    expect(payload).toStrictEqual({
      ...fields,
      source: 'contact_demo_page',
      timestamp: '2026-03-04T05:06:07.089Z',
      ...fullAttribution,
    });
    // The form's fields, source, timestamp and page_url first; the rest of the attribution after.
    expect(Object.keys(payload).slice(0, 11)).toEqual([
      ...Object.keys(fields),
      'source',
      'timestamp',
      'page_url',
    ]);
  });

  it('maps a contact message with source contact_us_page', () => {
    const fields = {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      phone: '',
      message: '',
    };
    expect(
      buildWebhookPayload(
        lead('contact', fields, {
          page_url: 'https://www.agency.com/contact-us',
          utm_source: 'newsletter',
        }),
      ),
    ).toStrictEqual({
      ...fields,
      source: 'contact_us_page',
      timestamp: '2026-03-04T05:06:07.089Z',
      ...noAttribution,
      page_url: 'https://www.agency.com/contact-us',
      utm_source: 'newsletter',
    });
  });

  it('maps an Aria sign-up with source aria_landing_page, null attribution when unknown and direct as the referrer', () => {
    const fields = {
      firstName: 'Kat',
      lastName: 'Johnson',
      email: 'kat@example.com',
      phone: '5550100199',
      propertyName: 'Oak Court',
      units: '51-100',
    };
    expect(buildWebhookPayload(lead('aria-signup', fields))).toStrictEqual({
      ...fields,
      source: 'aria_landing_page',
      timestamp: '2026-03-04T05:06:07.089Z',
      ...noAttribution,
    });
  });

  it('sends the same attribution fields with every form', () => {
    const forms = [
      lead(
        'growth-audit',
        { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '', website: '' },
        fullAttribution,
      ),
      lead(
        'demo',
        {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.co',
          phone: '1',
          company: 'C',
          industry: '',
          callVolume: '',
          message: '',
        },
        fullAttribution,
      ),
      lead(
        'contact',
        { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '', message: '' },
        fullAttribution,
      ),
      lead(
        'aria-signup',
        {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.co',
          phone: '1',
          propertyName: 'P',
          units: '',
        },
        fullAttribution,
      ),
    ];
    for (const stored of forms)
      expect(buildWebhookPayload(stored), stored.form).toMatchObject(fullAttribution);
  });

  it('never leaks stored fields that are not the form’s own', () => {
    const payload = buildWebhookPayload(
      lead('contact', {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        phone: '',
        message: '',
        company_website: 'spam',
      }),
    );
    expect(payload).not.toHaveProperty('company_website');
  });
});
