import type { PageHeroContent } from '@/content/types';

export type AsideContent = {
  expect: { heading: string; items: readonly string[] };
  why: { heading: string; items: readonly string[] };
  contactHeading: string;
  liveChat: { label: string; detail: string };
};

export const contactDemoHero = {
  eyebrow: 'Book a live demo',
  heading: 'See your AI voice agent in action',
  body: 'Tell us a little about your business and we will show you exactly how an AI agent would answer, qualify and book your callers, using your own scenarios.',
} as const satisfies PageHeroContent;

export const contactUsHero = {
  eyebrow: 'Contact us',
  heading: 'Talk to a real person about AI automation',
  body: 'Questions about pricing, setup or whether automation fits your business? Send us a message and we will reply within 24 hours.',
} as const satisfies PageHeroContent;

export const demoFormHeading = 'Request your personalised demo';
export const contactFormHeading = 'Send us a message';

export const demoAside = {
  expect: {
    heading: 'What to expect',
    items: [
      'A 30-minute video call at a time that suits you',
      'A live demo built around your own calls and questions',
      'An honest view of what to automate first, and what not to',
      'A clear quote with setup in 2-3 business days',
    ],
  },
  why: {
    heading: 'Why choose us',
    items: [
      'Answers 24/7, including nights, weekends and holidays',
      'Works with over 500 tools, including your CRM and calendar',
      'Most clients see positive ROI within about 60 days',
      'We build, run and improve it for you',
    ],
  },
  contactHeading: 'Prefer to talk now?',
  liveChat: { label: 'Live chat', detail: 'Available 24/7' },
} as const satisfies AsideContent;

export const contactAside = {
  expect: {
    heading: 'What happens next',
    items: [
      'We read every message ourselves',
      'You get a reply within 24 hours',
      'No sales pressure, just answers',
    ],
  },
  why: {
    heading: 'Why businesses choose us',
    items: [
      '24/7 AI answering that sounds natural',
      '24-48 hours quick setup for a first automation',
      'Over 500 tool integrations',
    ],
  },
  contactHeading: 'Other ways to reach us',
  liveChat: { label: 'Live chat', detail: 'Available 24/7' },
} as const satisfies AsideContent;
