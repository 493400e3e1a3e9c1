import type { LeadForm } from '@/lib/lead-forms';
import { deliveryTips, thankYouHero } from '@/content/pages/thank-you';

/**
 * Every word of the emails and chat messages the site sends (src/server/outbox/email/). The
 * visitor's confirmation says only what is true of the data flow, holds nothing the visitor wrote
 * but a cleaned first name, and links only to the site itself.
 */

export const emailFooter = {
  sentBy: 'Sent by the {brand} website ({site}).',
} as const;

/** The agency's email about one lead. */
export const agencyEmail = {
  subject: 'New lead: {form} from {name}',
  subjectWithCompany: 'New lead: {form} from {name} ({company})',
  heading: 'New lead: {form}',
  intro: '{name} sent the {form} form. Reply to this email to answer them directly.',
  /** Which attribution values it shows (labelled as on the lead page, content/admin.ts). */
  attribution: [
    'page_url',
    'referrer',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_term',
    'utm_content',
  ] as const,
  direct: 'Direct (no referrer)',
  /** A lead sent without the page's script (or through the API) says nothing about where it came from. */
  notRecorded: 'Not recorded (sent without JavaScript)',
  received: 'Received',
  open: 'Open the lead in the inbox',
  why: 'You get this email because the site sends its leads to this address (LEADS_NOTIFY_TO or the form’s own LEADS_NOTIFY_TO_<FORM>, else NEXT_PUBLIC_CONTACT_EMAIL). Lead {id}.',
  anonymous: 'Someone',
} as const;

type Confirmation = {
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  steps?: { heading: string; items: readonly string[] };
  link: { label: string; path: string };
};

/**
 * The visitor's confirmation, per form. It repeats what the form's success page promises, in its
 * words (the growth audit's: /thank-you, src/content/pages/thank-you.ts). {email} is the From address.
 */
export const confirmations = {
  'growth-audit': {
    subject: thankYouHero.heading,
    heading: thankYouHero.heading,
    paragraphs: [
      thankYouHero.body,
      'No jargon, no obligation: a clear plan you can act on, with or without us.',
    ],
    steps: {
      heading: deliveryTips.heading,
      items: deliveryTips.steps.map((step) => step.description),
    },
    link: { label: 'See how it works', path: '/how-it-works' },
  },
  demo: {
    subject: 'Your demo request is in',
    heading: 'Thank you: your demo request is in',
    paragraphs: [
      'We will contact you within 24 hours to schedule your personalised demo.',
      'In the meantime, you can see how our automations work on our website.',
    ],
    link: { label: 'Explore our services', path: '/services-overview' },
  },
  contact: {
    subject: 'We received your message',
    heading: 'Thank you: your message has been sent',
    paragraphs: ['We reply within 24 hours. If it is urgent, call us at {phone}.'],
    link: { label: 'Visit our website', path: '/' },
  },
  'aria-signup': {
    subject: 'You are on the list for Aria',
    heading: 'You are on the list. Aria will be in touch.',
    paragraphs: [
      'Our team will contact you within 24 hours to set up Aria for your property. Quick setup takes 24-48 hours.',
    ],
    link: { label: 'See how Aria works', path: '/aria-voice-agent' },
  },
} as const satisfies Record<LeadForm, Confirmation>;

export const confirmationCopy = {
  greeting: 'Hi {name},',
  greetingWithoutName: 'Hello,',
  signOff: 'The {brand} team',
  why: 'You receive this because this address was entered in a form on {site}. If that was not you, reply to let us know.',
} as const;

/** The watchdog's emails to the agency. */
export const alertEmails = {
  deliveryFailed: {
    // No article before the form's name: 'a Aria sign-up', 'a Growth audit'.
    subject: 'Lead not delivered to your webhook: {form}',
    heading: 'A lead could not be delivered',
    paragraphs: [
      'The {form} lead received {received} was not accepted by your webhook after {attempts} attempts, and the site has stopped retrying it.',
      'Last error: {error}',
      'The lead is safe in the inbox. Fix the webhook, then press Send now on the lead, or run npm run leads -- send-now.',
    ],
    link: 'Open the lead',
  },
  webhookFailing: {
    subject: 'Your {form} webhook stopped accepting leads',
    heading: 'Your webhook stopped accepting leads',
    paragraphs: [
      'Deliveries of {form} leads to your webhook have been failing since {since}. Last error: {error}',
      'It last worked {lastSuccess}. Leads are stored and retried on the site’s schedule. You get no further alert about this webhook until it works again and then fails again.',
    ],
    link: 'Open delivery health',
  },
  chatFailing: {
    subject: 'Your chat app stopped accepting lead messages',
    heading: 'Your chat app stopped accepting lead messages',
    paragraphs: [
      'Messages about new leads to your chat app (LEADS_NOTIFY_CHAT_URL) have been failing since {since}. Last error: {error}',
      'It last worked {lastSuccess}. You still get an email about each lead, and the messages are retried on the site’s schedule. You get no further alert about the chat app until it works again and then fails again.',
    ],
    link: 'Open delivery health',
  },
  autoresponseCap: {
    subject: 'Visitor confirmations paused: the hourly limit was reached',
    heading: 'Visitor confirmations paused',
    paragraphs: [
      'The limit of {cap} visitor confirmations in 60 minutes was reached in the hour from {hour}. While it holds, further confirmations are skipped (not sent later), so that nobody can use the site’s forms to send email to strangers. They resume once fewer than {cap} have gone out in the last 60 minutes.',
      'Every lead is still stored and you still get your own email about each. If this was genuine traffic, raise LEADS_AUTORESPONSE_PER_HOUR.',
    ],
    link: 'Open the inbox',
  },
  budgetReached: {
    chat: {
      subject: 'Website chat paused: its hourly limit was reached',
      heading: 'The chat assistant reached its hourly limit',
      paragraphs: [
        'Visitors sent {limit} chat messages to your assistant in the hour from {hour}, the limit CHAT_MESSAGES_PER_HOUR sets so that nobody can run up the bill of the model behind it. Until the hour ends the chat tells visitors it is busy and to try again later; their messages are not sent on.',
        'Each chat message is also limited per visitor, so this many usually means many visitors, or many addresses used by one. If it was genuine traffic, raise CHAT_MESSAGES_PER_HOUR. You get one such email an hour at most.',
      ],
      link: 'Open the overview',
    },
    voice: {
      subject: 'Live voice demo paused: its hourly limit was reached',
      heading: 'The live voice demo reached its hourly limit',
      paragraphs: [
        'Visitors started {limit} voice demo calls in the hour from {hour}, the limit VOICE_CALLS_PER_HOUR sets so that nobody can run up the voice provider’s bill. Until the hour ends the demo tells visitors it is busy and to try again later; no further call is started.',
        'Calls are also limited per visitor, so this many usually means many visitors, or many addresses used by one. If it was genuine traffic, raise VOICE_CALLS_PER_HOUR. You get one such email an hour at most.',
      ],
      link: 'Open the overview',
    },
  },
  intakeFailing: {
    subject: 'The website is refusing leads: {error}',
    heading: 'The website cannot store leads',
    paragraphs: [
      'Since {since} leads sent through the website’s forms are being refused ({refused} so far): {error}. Each of these visitors is told their details were not saved and asked to try again in a few minutes or to contact you directly; their details are not in the inbox.',
      'Free space on the server’s disk or bring the database back, as docs/operating.md says under “When leads are refused”. The site tries a write every 15 seconds and emails you when one works.',
      'This email comes straight from the site, not through its outbox, which is in the same database. Each running instance of the site sends its own.',
    ],
    link: 'Open delivery health',
  },
  intakeRecovered: {
    subject: 'The website stores leads again',
    heading: 'Leads are stored again',
    paragraphs: [
      'The website stores leads again since {until}. From {since} it refused leads sent through its forms ({refused} in all): {error}.',
      'Each refused visitor was told their details were not saved, so they are not in the inbox. Leads stored before and since are delivered as usual.',
    ],
    link: 'Open the overview',
  },
  digest: {
    subject: 'Leads digest for {day}: {total} new',
    heading: 'Your leads in the 24 hours to {until}',
    leadsHeading: 'New leads',
    deliveriesHeading: 'Webhook deliveries',
    delivered: 'Delivered in these 24 hours',
    pending: 'Waiting to be retried now',
    failed: 'Failed for good, not sent again yet',
    lastWebhook: 'Last successful webhook delivery',
    lastEmail: 'Last email sent',
    never: 'never',
    spam: 'Spam (not delivered)',
    link: 'Open the overview',
  },
  test: {
    subject: 'Test email from the {brand} website',
    heading: 'Email works',
    paragraphs: [
      'This is a test sent from the lead inbox. If you can read it, email from the site reaches {to}.',
    ],
    link: 'Open delivery health',
  },
  why: 'You get this email because the site sends its alerts to this address (LEADS_ALERT_TO, else LEADS_NOTIFY_TO unless it is none, else NEXT_PUBLIC_CONTACT_EMAIL).',
} as const;

/** The chat-app message: which form and where to look, never who. */
export const chatMessage = 'New {form} lead on the website: {link}';

/**
 * The chat app's message when the mail server stops working (email cannot tell of itself): what
 * went wrong in delivery health's words, which name no address or credential.
 */
export const chatEmailFailing =
  'Email from the {brand} website stopped working at {since} (UTC): {error}. Leads are kept and their emails are retried. Delivery health: {link}';

/** The overview's 'Send test message': says it is a test, and where leads will be announced from. */
export const chatTestMessage =
  'Test message from the {brand} website: each new lead will be announced here, with a link to it in the inbox ({link}).';

/** Words for delivery health (src/server/outbox/delivery-health.ts), shown in the inbox. */
export const healthWords = {
  emailOff:
    'Email is off: set SMTP_URL (for example smtps://user:password@smtp.example.com:465) and restart.',
  chatOff: 'No chat app: set LEADS_NOTIFY_CHAT_URL to a Slack-compatible incoming webhook.',
  webhookOff: 'No webhook: set LEADS_WEBHOOK_URL (or this form’s own).',
} as const;
