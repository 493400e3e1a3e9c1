import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  agencyLeadEmail,
  alertMessage,
  confirmationEmail,
  greetingName,
  headerText,
} from '@/server/outbox/email/compose';
import { deliveryTips, thankYouHero } from '@/content/pages/thank-you';
import { fill } from '@/lib/fill';
import { renderEmail } from '@/server/outbox/email/render';
import { describeSmtpError } from '@/server/outbox/email/smtp-errors';
import type { StoredLead } from '@/server/outbox/webhook-payload';

const lead = (form: StoredLead['form'], fields: Record<string, string>): StoredLead => ({
  id: '6f1c3c52-4d0e-4f37-9d5c-7d2b8c1e0a11',
  form,
  fields,
  attribution: {
    page_url: 'http://localhost:3000/contact-demo',
    utm_source: 'newsletter',
    utm_campaign: 'spring',
  },
  createdAt: new Date('2026-03-04T05:06:07.089Z'),
});

/** Every href in an HTML document. */
const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe('renderEmail', () => {
  it('renders one tree to escaped HTML and to plain text with rows, links and paragraphs', () => {
    const tree = createElement(
      'div',
      null,
      createElement('p', { style: { marginTop: '4px' } }, 'Hello <b>&'),
      createElement(
        'table',
        null,
        createElement(
          'tbody',
          null,
          createElement(
            'tr',
            null,
            createElement('td', null, 'Name'),
            createElement('td', null, 'Ana'),
          ),
        ),
      ),
      createElement('a', { href: 'https://example.com/x?a=1&b=2' }, 'Open'),
    );
    const { html, text } = renderEmail(tree);
    expect(html).toContain('<p style="margin-top:4px">Hello &lt;b&gt;&amp;</p>');
    expect(html).toContain('href="https://example.com/x?a=1&amp;b=2"');
    expect(text).toBe('Hello <b>&\n\nName: Ana\n\nOpen: https://example.com/x?a=1&b=2\n');
  });

  it('refuses what it cannot render faithfully', () => {
    const withHandler = createElement('button', { onClick: () => undefined }, 'x');
    expect(() => renderEmail(withHandler)).toThrow(/event handlers/);
  });
});

describe('the agency email', () => {
  it('names the form and the person, replies to the visitor and shows every field, the attribution and the inbox link', () => {
    const email = agencyLeadEmail(
      lead('demo', {
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        phone: '555 0100',
        company: 'Acme\r\nBcc: x@evil.example',
        industry: 'real-estate',
        message: 'Call me <please>',
      }),
    );
    expect(email.subject).toBe('New lead: Demo request from Ana Lima (Acme Bcc: x@evil.example)');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.replyTo).toBe('ana@example.com');
    for (const shown of [
      'Ana',
      'Lima',
      '555 0100',
      'Real estate & property management',
      'Call me <please>',
    ])
      expect(email.text).toContain(shown);
    expect(email.html).toContain('Call me &lt;please&gt;');
    expect(email.text).toContain('UTM source: newsletter');
    // Sent without the page's script, the lead says nothing of the visit's referrer.
    expect(email.text).toContain('Referrer: Not recorded (sent without JavaScript)');
    expect(links(email.html)).toEqual([
      'http://localhost:3000/admin/leads/6f1c3c52-4d0e-4f37-9d5c-7d2b8c1e0a11',
    ]);
  });

  it("keeps the message's line breaks in the plain-text version, as in the HTML", () => {
    const email = agencyLeadEmail(
      lead('contact', {
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        message: 'First line.\r\nSecond   line.\n\nAfter a blank line.',
      }),
    );
    // Below its label, so none of its lines reads as another field.
    expect(email.text).toContain(
      '\nMessage:\nFirst line.\nSecond line.\n\nAfter a blank line.\n\nReceived: ',
    );
    expect(email.text).toContain('Email: ana@example.com\n');
    // The footer is a paragraph of its own, not a line run into the button's link.
    expect(email.text).toMatch(/\/admin\/leads\/[0-9a-f-]{36}\n\nYou get this email/);
  });

  it('writes out characters that would change how a value reads without being seen', () => {
    const email = agencyLeadEmail({
      ...lead('contact', {
        firstName: 'Se\u00e1n\u202eevil',
        lastName: 'Lima',
        email: 'ana@example.com',
        message: 'pay \u2066to\u2069 me',
      }),
      attribution: { utm_source: 'news\u202eletter', referrer: 'direct' },
    });
    for (const part of [email.text, email.html]) {
      expect(part).not.toMatch(/[\u202e\u2066\u2069]/);
      expect(part).toContain('Se\u00e1n\\u202eevil');
      expect(part).toContain('pay \\u2066to\\u2069 me');
      expect(part).toContain('news\\u202eletter');
    }
    // The browser's 'direct' (a visit without a referrer) reads as the words for it.
    expect(email.text).toContain('Referrer: Direct (no referrer)');
    expect(email.subject).toBe('New lead: Contact from Se\u00e1n evil Lima');
  });
});

describe("the visitor's confirmation", () => {
  it('keeps only a cleaned first name', () => {
    expect(greetingName('  Ana  ')).toBe('Ana');
    expect(greetingName('\u202Eana\u202C\u0007')).toBe('ana');
    expect(greetingName("Zoë-Marie O'Neil")).toBe('Zoë-Marie');
    expect(greetingName('J. R.')).toBe('J.');
    expect(greetingName('李 小龙')).toBe('李');
    // One word: no sentence someone else chose reaches a stranger's inbox.
    expect(greetingName('Claim your refund now call us today')).toBe('Claim');
    // More than a name: no name at all, rather than what is left once the rest is removed.
    for (const value of [
      'www.evil.example/win',
      'https://x.example',
      'Click www.evil.example now',
      '<b>Bob</b><img src=x onerror=alert(1)>',
      'Bob 2',
      '1234 @',
      'a'.repeat(41),
    ])
      expect(greetingName(value), value).toBe('');
    expect(greetingName('a'.repeat(40))).toHaveLength(40);
    expect(greetingName(`${'a'.repeat(20)} ${'b'.repeat(19)}`)).toHaveLength(20);
    expect(headerText('a\u0000b\u202Ec\r\nd')).toBe('a b c d');
    expect(headerText(`${'A'.repeat(100)} ${'B'.repeat(100)}`)).toBe(`${'A'.repeat(79)}…`);
    expect(headerText('Ana Lima', 8)).toBe('Ana Lima');
  });

  it.each(['growth-audit', 'demo', 'contact', 'aria-signup'] as const)(
    'for %s holds no text the visitor wrote but the first name, and links only to the site',
    (form) => {
      const email = confirmationEmail(
        lead(form, {
          firstName: 'Visit www.spam.example now',
          lastName: 'Buy cheap pills at http://spam.example',
          email: 'victim@example.com',
          message: 'http://spam.example/click',
          company: 'Spam Co http://spam.example',
          propertyName: 'http://spam.example',
        }),
      );
      for (const part of [email.html, email.text, email.subject]) {
        expect(part).not.toContain('spam.example');
        expect(part).not.toContain('pills');
      }
      expect(email.text).toContain('Hello,');
      expect(email.text).not.toContain('Visit www');
      expect(email.replyTo).toBeUndefined();
      for (const href of links(email.html)) expect(href).toMatch(/^http:\/\/localhost:3000\//);
    },
  );

  it('promises the growth audit what the thank-you page promises', () => {
    const email = confirmationEmail(
      lead('growth-audit', { firstName: 'Ana', email: 'a@b.example' }),
    );
    expect(email.subject).toBe('Your growth blueprint is on its way');
    // In the page's own words, so the email promises nothing the page did not.
    expect(email.text).toContain(thankYouHero.body);
    for (const step of deliveryTips.steps)
      expect(email.text).toContain(fill(step.description, { email: 'hello@brightline.example' }));
    expect(email.text).not.toMatch(/contact you within/);
  });

  it.each(['growth-audit', 'demo', 'contact', 'aria-signup'] as const)(
    'for %s says nothing in its footer that the form does not hold to',
    (form) => {
      const { text } = confirmationEmail(lead(form, { firstName: 'Ana', email: 'a@b.example' }));
      expect(text).toContain(
        'You receive this because this address was entered in a form on localhost:3000. If that was not you, reply to let us know.',
      );
      expect(text).not.toMatch(/nothing more is sent/);
      // The sign-off and the footer are paragraphs apart.
      expect(text).toMatch(/The Brightline AI team\n\nYou receive this/);
    },
  );
});

describe('alerts', () => {
  it('renders the digest with every form and the delivery figures', () => {
    const email = alertMessage({
      kind: 'digest',
      day: '2026-03-04',
      until: '2026-03-04T08:00:00.000Z',
      leads: { 'growth-audit': 3, demo: 2, contact: 1, 'aria-signup': 0 },
      spam: 4,
      delivered: 5,
      pending: 1,
      failed: 0,
      lastWebhookAt: '2026-03-04T07:59:00.000Z',
      lastEmailAt: null,
    });
    expect(email.subject).toBe('Leads digest for 2026-03-04: 6 new');
    expect(email.text).toContain('Growth audit: 3');
    expect(email.text).toContain('Last successful webhook delivery: 2026-03-04 07:59 UTC');
    expect(email.text).toContain('Last email sent: never');
    // The delivery figures are the webhook's, and say so.
    expect(email.text).toContain('Webhook deliveries\n');
    expect(email.text).toContain('Delivered in these 24 hours: 5\nWaiting to be retried now: 1\n');
  });
});

describe('SMTP errors in words', () => {
  it('tells authentication, refusal, a dropped connection, certificate and recipient apart', () => {
    const auth = Object.assign(new Error('Invalid login: 535 5.7.8 Error: authentication failed'), {
      code: 'EAUTH',
      responseCode: 535,
      command: 'AUTH PLAIN',
      response: '535 5.7.8 Error: authentication failed',
    });
    expect(describeSmtpError(auth)).toMatchObject({ kind: 'auth', path: true, permanent: false });
    expect(describeSmtpError(auth).words).toMatch(/^Authentication failed/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), {
      code: 'ESOCKET',
    });
    expect(describeSmtpError(refused).kind).toBe('refused');
    // Connected, then cut off: told apart from a port nobody listens on.
    const dropped = Object.assign(new Error('Connection closed unexpectedly'), {
      code: 'ECONNECTION',
      command: 'CONN',
    });
    expect(describeSmtpError(dropped)).toMatchObject({ kind: 'dropped', path: true });
    expect(describeSmtpError(dropped).words).toMatch(/^Connection lost: /);
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ESOCKET' });
    expect(describeSmtpError(reset).kind).toBe('dropped');
    const cert = Object.assign(new Error('self-signed certificate'), {
      code: 'ESOCKET',
      cause: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    });
    expect(describeSmtpError(cert).kind).toBe('certificate');
    const recipient = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      response: '550 5.1.1 <bob@example.com>: Recipient address rejected',
    });
    expect(describeSmtpError(recipient)).toMatchObject({
      kind: 'recipient',
      permanent: true,
      path: false,
    });
  });
});
