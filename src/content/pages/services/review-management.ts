import type { ServicePageContent } from './types';

export const reviewManagementPage = {
  service: {
    name: 'Review and reputation management',
    serviceType: 'Online reputation management',
  },
  hero: {
    eyebrow: 'Review & reputation management',
    heading: 'More five-star reviews, and a fast reply to every one',
    body: 'Happy customers rarely think to leave a review. We ask them at the right moment, catch unhappy customers before they post, and help you reply to every review in minutes.',
    actions: [
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
  features: {
    heading: 'A reputation that grows itself',
    intro: 'Reviews are how local customers choose. Make yours work for you.',
    items: [
      {
        title: 'Automatic review requests',
        description:
          'A friendly text or email after every job or visit, with a one-tap link to your review page.',
        features: [
          'Timed to when customers are happiest',
          'Google and other major sites',
          'Gentle reminders',
        ],
        icon: 'star',
      },
      {
        title: 'Private feedback first',
        description:
          'Customers with a problem reach you privately, so you can fix it before it becomes a public review.',
        features: [
          'Instant alerts to your team',
          'Follow-up workflows',
          'Recovery offers you control',
        ],
        icon: 'shield',
      },
      {
        title: 'Fast, on-brand replies',
        description: 'AI-suggested replies to every review that you approve or edit in seconds.',
        features: [
          'Matches your tone of voice',
          'Never posts without approval',
          'Replies to old reviews too',
        ],
        icon: 'thumbs-up',
      },
      {
        title: 'Reputation reporting',
        description: 'Track ratings, review volume and response time across locations.',
        features: ['Monthly reports', 'Competitor comparison', 'Location-level detail'],
        icon: 'bar-chart',
      },
    ],
  },
  highlights: {
    heading: 'Reviews bring in customers',
    intro: 'Consistent, recent reviews help you show up and get chosen in local search.',
    stats: [
      { value: '24/7', label: 'monitoring of new reviews' },
      { value: '71%', label: 'of customers expect a reply within 24 h' },
      { value: '30 hrs', label: 'per week saved' },
    ],
    points: [
      'Works with the tools you already use',
      'Requests sent automatically after each job',
      'Unhappy customers reach you first',
      '24-48 hours quick setup',
    ],
  },
  cta: {
    heading: 'Turn happy customers into your best marketing',
    body: 'See how your reviews compare in a free growth audit, or book a demo.',
    actions: [
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
} as const satisfies ServicePageContent;
