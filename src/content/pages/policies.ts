/**
 * Policy texts, written for this site as it works: what the forms store, where leads go, which
 * processors are involved. {brand} and {email} are filled in when rendered.
 */
type PolicySection = {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
};
export type PolicyDocument = {
  title: string;
  effective: string;
  intro: string;
  sections: readonly PolicySection[];
};

export const privacyPolicy = {
  title: 'Privacy Policy',
  effective: 'Effective September 2025',
  intro:
    'This policy explains what information {brand} collects through this website, how we use it, who we share it with, how we protect it, and the choices you have. We keep it short and specific to how this site actually works.',
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: [
        'We collect only what you choose to send us and a small amount of information about your visit:',
      ],
      items: [
        'Form details: when you request a growth audit, ask for a demo, send a message or sign up for Aria, we collect your name, email address, and, where the form asks for them, phone number, website, company or property name, number of units, industry, call volume and your message.',
        'Visit attribution sent with a form: the page address, the referring site, your browser type (user agent), time on the page, how far you scrolled, screen and window size, time zone, language and any campaign (UTM) parameters in the link you arrived from.',
        'Chat messages you type into our chat assistant, and the conversation needed to answer you.',
        'Voice demo audio: if you start the live voice demo, your microphone audio is streamed to our voice AI provider for the duration of the call. The demo only starts after you allow microphone access.',
        'Technical data our servers log to run and protect the site, such as request time, page requested and an abbreviated (hashed) network address used for rate limiting and to limit the confirmations sent to one network. We do not log the contents of your form in these logs.',
        'A small item in your browser storage that remembers you closed the announcement bar (for 7 days), and your campaign parameters for the current visit. We set no advertising cookies.',
      ],
    },
    {
      heading: 'How we use information',
      items: [
        'To respond to your request: prepare and send your growth blueprint, schedule your demo, answer your message or set up Aria.',
        'To contact you about your request by email, phone or text message, within 24 hours where we promise it.',
        'To understand which pages and campaigns bring people to us, so we can improve the site.',
        'To keep the site secure, prevent spam and abuse, and meet our legal obligations.',
      ],
      paragraphs: [
        'We do not sell your personal information, and we do not use it for automated decisions that have legal effects on you.',
      ],
    },
    {
      heading: 'How we share information',
      paragraphs: [
        'We share information only with service providers that help us run our business, under agreements that limit their use of it:',
      ],
      items: [
        'Our automation platform (a webhook-based workflow service such as n8n) and our customer relationship management (CRM) system, which receive each form submission so our team can follow up.',
        'Our hosting and database providers, which store the site and the submissions.',
        'Our email provider, which carries the messages this site sends: our team’s notice of your submission and the one confirmation we send you.',
        'Our voice AI provider (Retell AI) for the live voice demo, and the automation platform that powers the chat assistant.',
        'Google Tag Manager and the analytics tools it loads, only if we have enabled them on this site.',
      ],
    },
    {
      heading: 'How we protect information',
      paragraphs: [
        'Submissions travel over encrypted connections (HTTPS) and are stored in our own database with access limited to the people who need it. {webhookAuth}Keys for our voice and automation services stay on our servers and are never sent to your browser. No method of transmission or storage is perfectly secure, but we work to protect your information and will tell you if a breach affects you as the law requires.',
        '{retention}',
      ],
    },
    {
      heading: 'Your choices',
      items: [
        'Ask for a copy of the information we hold about you, or ask us to correct it.',
        'Ask us to delete your information: email {email} from the address you used, and we will delete it from our database and ask our service providers to do the same, unless we must keep it by law.',
        'The site sends you one confirmation when you submit a form: at most one a day to the same address, and none once many forms have come from one network or in one hour, so that nobody can use our forms to mail strangers. It carries no advertising. Reply to any email from us to stop further messages, or reply STOP to any text message.',
        'Clear your browser storage at any time to remove the announcement-bar and campaign items; the site works without them.',
      ],
    },
    {
      heading: 'Updates to this policy',
      paragraphs: [
        'We may update this policy when our services or the law change. We will post the new version here with a new effective date, and for significant changes we will tell people whose information we hold. Questions about this policy? Email {email}.',
      ],
    },
  ],
} as const satisfies PolicyDocument;

/**
 * How deliveries to the webhook prove they are ours ({webhookAuth} above), as this build is
 * configured: signed (LEADS_WEBHOOK_SECRET), a shared key (the header pair), or neither said.
 */
export const webhookAuthCopy = {
  signed: 'Deliveries to our automation platform are signed so they cannot be forged. ',
  header: 'Deliveries to our automation platform carry a secret key, so it accepts only ours. ',
  none: '',
} as const;

/**
 * The privacy policy's retention sentence ({retention} above), made by its section from the
 * periods the site enforces (LEADS_SPAM_RETENTION_DAYS, LEADS_RETENTION_DAYS).
 */
export const retentionCopy = {
  spam: 'Submissions our spam checks catch are deleted from our database {period} after they arrive.',
  spamOff: 'Submissions our spam checks catch are kept with the others.',
  leads:
    'Every other form submission is deleted from our database {period} after it arrives, sooner if you ask us to.',
  leadsOff:
    'We keep other form submissions for as long as we need them to respond and to maintain our business relationship with you, unless you ask us to delete them sooner or the law requires longer.',
  pending:
    'A submission is kept past its period only while it is still on its way to our team (a delivery that has not yet succeeded).',
  day: '1 day',
  days: '{count} days',
  hour: '1 hour',
  hours: '{count} hours',
} as const;

export const termsConditions = {
  title: 'Terms & Conditions',
  effective: 'Effective September 2025',
  intro:
    'These terms apply when you use the {brand} website, including its calculator, chat assistant, live voice demo and forms. By using the site you agree to them.',
  sections: [
    {
      heading: 'Use of service',
      items: [
        'You may use this site to learn about our services, try the demos and contact us, for lawful purposes only.',
        'Do not misuse the site: no attempts to break its security, overload it, scrape it at scale, or submit false, abusive or automated requests through its forms, chat or voice demo.',
        'The chat assistant and voice demo are demonstrations powered by artificial intelligence. Their answers may be incomplete or wrong and are not professional, legal or financial advice.',
        'Calculator results and the figures on this site are estimates and industry benchmarks, not guarantees of your results.',
      ],
    },
    {
      heading: 'Accounts',
      paragraphs: [
        'This website does not require an account. Our separate web app and any services you buy from us have their own sign-up and agreements, which govern your account there. Keep any credentials we give you confidential, and tell us at once if you believe they have been misused.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        'The site, its text, design, graphics and software belong to {brand} or its licensors and are protected by law. You may view and share pages for your own business evaluation; you may not copy, modify or republish them for commercial use without our written permission. Names and logos of third-party tools belong to their owners.',
      ],
    },
    {
      heading: 'Disclaimer',
      paragraphs: [
        'The site and its demos are provided "as is" and "as available", without warranties of any kind, express or implied, including fitness for a particular purpose and uninterrupted or error-free operation. Results described on the site vary by business and are not promised.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent the law allows, {brand} is not liable for indirect, incidental, special or consequential losses, or for lost profits, revenue or data, arising from your use of this website or its demos. Our total liability for any claim about the website is limited to one hundred US dollars. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: [
        'We may change the site and these terms at any time. The version posted here, with its effective date, applies from the time it is posted; continuing to use the site means you accept it.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'Questions about these terms? Email us at {email} and we will reply within 24 hours.',
      ],
    },
  ],
} as const satisfies PolicyDocument;

export const backToHome = { label: 'Back to Home', href: '/' } as const;
