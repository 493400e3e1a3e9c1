import 'server-only';
import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { formNames, intakeErrorWords, leadCopy } from '@/content/admin';
import {
  agencyEmail,
  alertEmails,
  confirmationCopy,
  confirmations,
  emailFooter,
} from '@/content/emails';
import { leadFieldRows } from '@/content/lead-fields';
import { fill } from '@/lib/fill';
import { leadForms, type LeadForm } from '@/lib/lead-forms';
import { formatUtc } from '@/lib/utc-time';
import { showHidden, withoutHidden } from '@/lib/visible-text';
import { inboxLinks } from '@/server/outbox/targets';
import type { StoredLead } from '@/server/outbox/webhook-payload';
import { renderEmail } from './render';
import { Button, Email, List, Paragraph, Rows, Subheading } from './templates';
import { sender } from './sender';

/**
 * Each kind of email the outbox sends, as subject, HTML and plain text. Pure: the same job renders
 * the same message on every attempt.
 */

export type ComposedEmail = { subject: string; html: string; text: string; replyTo?: string };

const site = () => new URL(siteConfig.siteUrl).host;
const footerValues = () => ({ brand: siteConfig.brandName, site: site() });
const formName = (form: LeadForm) => formNames[form];
const when = (at: Date | string | null) => (at ? `${formatUtc(at)} UTC` : alertEmails.digest.never);

/**
 * Text a visitor typed, safe for a header: no control or bidi characters, one line, and at most
 * `max` characters, the last an ellipsis when it was cut.
 */
export function headerText(value: string, max = 80): string {
  const characters = [...withoutHidden(value, ' ').replace(/\s+/g, ' ').trim()];
  return characters.length <= max
    ? characters.join('')
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

// Words of letters, marks, apostrophes and hyphens, a dot only at a word's end ("J. R."), one space
// between: nothing that reads as a link, an address or markup.
const NAME = /^[\p{L}\p{M}'’-]+\.?(?: [\p{L}\p{M}'’-]+\.?)*$/u;

/**
 * The name the confirmation greets: the first word of a first name of at most 40 characters, or ''
 * (a greeting without one) when the field holds more than a name. One word, so a stranger's inbox
 * gets no sentence someone else chose ("Hi Claim your refund now,").
 */
export function greetingName(firstName: string | undefined): string {
  const name = withoutHidden(firstName ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return [...name].length <= 40 && NAME.test(name) ? name.split(' ')[0]! : '';
}

function fieldRows(lead: StoredLead): Array<[string, string]> {
  return leadFieldRows(lead.form, lead.fields).map(([label, value]) => [label, showHidden(value)]);
}

function attributionRows(lead: StoredLead): Array<[string, string]> {
  const labels = leadCopy.attributionLabels;
  const a = lead.attribution as Record<string, unknown>;
  return agencyEmail.attribution.flatMap((key): Array<[string, string]> => {
    const value = a[key];
    // The browser's script sends 'direct' for a visit without a referrer; a plain form post sends none.
    if (key === 'referrer')
      return [
        [
          labels.referrer,
          value === 'direct'
            ? agencyEmail.direct
            : value
              ? showHidden(String(value))
              : agencyEmail.notRecorded,
        ],
      ];
    return value === undefined || value === null || value === ''
      ? []
      : [[labels[key], showHidden(String(value))]];
  });
}

function fullName(lead: StoredLead): string {
  const name = headerText(`${lead.fields.firstName ?? ''} ${lead.fields.lastName ?? ''}`);
  return name || agencyEmail.anonymous;
}

/** To the agency: Reply-To the visitor, every field, the attribution and the inbox link. */
export function agencyLeadEmail(lead: StoredLead): ComposedEmail {
  const name = fullName(lead);
  const company = headerText(lead.fields.company ?? lead.fields.propertyName ?? '', 60);
  const values = { form: formName(lead.form), name, company };
  const subject = fill(company ? agencyEmail.subjectWithCompany : agencyEmail.subject, values);
  const link = inboxLinks.lead(lead.id);
  const rendered = renderEmail(
    <Email
      title={subject}
      heading={fill(agencyEmail.heading, values)}
      footer={[fill(agencyEmail.why, { id: lead.id }), fill(emailFooter.sentBy, footerValues())]}
    >
      <Paragraph>{fill(agencyEmail.intro, values)}</Paragraph>
      <Subheading>{leadCopy.fields}</Subheading>
      <Rows rows={[...fieldRows(lead), [agencyEmail.received, when(lead.createdAt)]]} />
      <Subheading>{leadCopy.attribution}</Subheading>
      <Rows rows={attributionRows(lead)} />
      <Button href={link}>{agencyEmail.open}</Button>
    </Email>,
  );
  return { subject, ...rendered, replyTo: lead.fields.email };
}

/** To the visitor: what their form's page promised, their cleaned first name, our own links. */
export function confirmationEmail(lead: StoredLead): ComposedEmail {
  const copy = confirmations[lead.form];
  const name = greetingName(lead.fields.firstName);
  const values = {
    name,
    email: sender().address,
    phone: siteConfig.phone,
    brand: siteConfig.brandName,
  };
  const rendered = renderEmail(
    <Email
      title={copy.subject}
      heading={copy.heading}
      footer={[
        fill(confirmationCopy.why, footerValues()),
        fill(emailFooter.sentBy, footerValues()),
      ]}
    >
      <Paragraph>
        {name ? fill(confirmationCopy.greeting, values) : confirmationCopy.greetingWithoutName}
      </Paragraph>
      {copy.paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{fill(paragraph, values)}</Paragraph>
      ))}
      {'steps' in copy ? (
        <>
          <Subheading>{copy.steps.heading}</Subheading>
          <List items={copy.steps.items.map((item) => fill(item, values))} />
        </>
      ) : null}
      <Button href={`${siteConfig.siteUrl}${copy.link.path}`}>{copy.link.label}</Button>
      <Paragraph>{fill(confirmationCopy.signOff, values)}</Paragraph>
    </Email>,
  );
  return { subject: copy.subject, ...rendered };
}

type IntakeError = keyof typeof intakeErrorWords;

/**
 * What an alert's payload holds: the watchdog's, written as jobs and read back here, and the two
 * about refused leads, which the intake sends without a job (leads/intake-health.ts).
 */
export type AlertPayload =
  | {
      kind: 'delivery_failed';
      form: LeadForm;
      leadId: string;
      receivedAt: string;
      attempts: number;
      error: string;
    }
  | {
      kind: 'webhook_failing';
      form: LeadForm;
      since: string;
      error: string;
      lastSuccessAt: string | null;
    }
  | { kind: 'chat_failing'; since: string; error: string; lastSuccessAt: string | null }
  | { kind: 'autoresponse_cap'; cap: number; hour: string }
  | { kind: 'budget_reached'; service: 'chat' | 'voice'; limit: number; hour: string }
  | { kind: 'intake_failing'; since: string; refused: number; error: IntakeError }
  | {
      kind: 'intake_recovered';
      since: string;
      until: string;
      refused: number;
      error: IntakeError;
    }
  | {
      kind: 'digest';
      day: string;
      until: string;
      leads: Record<LeadForm, number>;
      spam: number;
      delivered: number;
      pending: number;
      failed: number;
      lastWebhookAt: string | null;
      lastEmailAt: string | null;
    }
  | { kind: 'test'; to: string };

function alertEmail(
  copy: { subject: string; heading: string; paragraphs?: readonly string[]; link: string },
  values: Record<string, string | number>,
  href: string,
  body?: ReactNode,
): ComposedEmail {
  const subject = fill(copy.subject, values);
  const rendered = renderEmail(
    <Email
      title={subject}
      heading={fill(copy.heading, values)}
      footer={[alertEmails.why, fill(emailFooter.sentBy, footerValues())]}
    >
      {(copy.paragraphs ?? []).map((paragraph) => (
        <Paragraph key={paragraph}>{fill(paragraph, values)}</Paragraph>
      ))}
      {body}
      <Button href={href}>{copy.link}</Button>
    </Email>,
  );
  return { subject, ...rendered };
}

/** The watchdog's emails: a failed delivery, a failing webhook or chat app, a cap or budget, the digest, a test. */
export function alertMessage(payload: AlertPayload): ComposedEmail {
  switch (payload.kind) {
    case 'delivery_failed':
      return alertEmail(
        alertEmails.deliveryFailed,
        {
          form: formName(payload.form),
          received: when(payload.receivedAt),
          attempts: payload.attempts,
          error: payload.error,
        },
        inboxLinks.lead(payload.leadId),
      );
    case 'webhook_failing':
      return alertEmail(
        alertEmails.webhookFailing,
        {
          form: formName(payload.form),
          since: when(payload.since),
          error: payload.error,
          lastSuccess: when(payload.lastSuccessAt),
        },
        inboxLinks.overview(),
      );
    case 'chat_failing':
      return alertEmail(
        alertEmails.chatFailing,
        {
          since: when(payload.since),
          error: payload.error,
          lastSuccess: when(payload.lastSuccessAt),
        },
        inboxLinks.overview(),
      );
    case 'autoresponse_cap':
      return alertEmail(
        alertEmails.autoresponseCap,
        { cap: payload.cap, hour: when(payload.hour) },
        inboxLinks.inbox(),
      );
    case 'budget_reached':
      return alertEmail(
        alertEmails.budgetReached[payload.service],
        { limit: payload.limit, hour: when(payload.hour) },
        inboxLinks.overview(),
      );
    case 'intake_failing':
    case 'intake_recovered':
      return alertEmail(
        payload.kind === 'intake_failing' ? alertEmails.intakeFailing : alertEmails.intakeRecovered,
        {
          since: when(payload.since),
          until: when(payload.kind === 'intake_recovered' ? payload.until : null),
          refused: payload.refused,
          error: intakeErrorWords[payload.error],
        },
        inboxLinks.overview(),
      );
    case 'test':
      return alertEmail(
        alertEmails.test,
        { brand: siteConfig.brandName, to: payload.to },
        inboxLinks.overview(),
      );
    case 'digest': {
      const copy = alertEmails.digest;
      const total = leadForms.reduce((sum, form) => sum + (payload.leads[form] ?? 0), 0);
      return alertEmail(
        copy,
        { day: payload.day, total, until: when(payload.until) },
        inboxLinks.overview(),
        <>
          <Subheading>{copy.leadsHeading}</Subheading>
          <Rows
            rows={[
              ...leadForms.map(
                (form) => [formName(form), String(payload.leads[form] ?? 0)] as const,
              ),
              [copy.spam, String(payload.spam)],
            ]}
          />
          <Subheading>{copy.deliveriesHeading}</Subheading>
          <Rows
            rows={[
              [copy.delivered, String(payload.delivered)],
              [copy.pending, String(payload.pending)],
              [copy.failed, String(payload.failed)],
              [copy.lastWebhook, when(payload.lastWebhookAt)],
              [copy.lastEmail, when(payload.lastEmailAt)],
            ]}
          />
        </>,
      );
    }
  }
}
