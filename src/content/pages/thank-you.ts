import type { PageHeroContent, Step } from '@/content/types';

export const thankYouHero = {
  eyebrow: 'Request received',
  heading: 'Your growth blueprint is on its way',
  body: 'Thank you! We are preparing your personalised AI automation blueprint and will email it to you within 24 hours; our team will also contact you to walk you through it.',
} as const satisfies PageHeroContent;

/** {email} is replaced with the address our emails come from (MAIL_FROM). */
export const deliveryTips = {
  heading: 'Make sure it reaches your inbox',
  intro:
    'Blueprint emails sometimes land in the wrong folder. Two quick steps make sure you see it:',
  steps: [
    {
      title: 'Check your spam and promotions folders',
      description:
        'If nothing from us arrives within a day, look in spam, junk or the promotions tab, and mark our email as "not spam".',
    },
    {
      title: 'Add our address to your contacts',
      description:
        'Whitelist {email} by adding it to your contacts or safe-senders list, so our follow-up reaches you too.',
    },
  ] as const satisfies readonly Step[],
} as const;

export const founderNote = {
  heading: 'A note from our founder',
  paragraphs: [
    'I started this agency after watching good local businesses lose customers for one simple reason: nobody picked up the phone. Not because they did not care, but because they were busy doing the work.',
    'Your blueprint shows exactly where that is happening in your business, and which automations would catch those leads. No jargon, no obligation: just a clear plan you can act on, with or without us.',
  ],
  signature: 'The founder',
} as const;

export const bonusShowcase = {
  heading: 'While you wait: a bonus',
  body: 'Take a look at the growth toolkit in our new web app: SEO, websites, AI content, Google Business Profile, reviews and citations in one place.',
  cta: { label: 'See the Bonus Showcase', href: '/#showcase' },
} as const;
