import type { ServicePageContent } from './types';

export const emailSmsAutomationPage = {
  service: { name: 'Email and SMS automation', serviceType: 'Marketing automation' },
  hero: {
    eyebrow: 'Email & SMS automation',
    heading: 'Follow up with every lead in minutes, not days',
    body: 'Leads go cold fast. Automated email and SMS sequences reach every inquiry within minutes, keep nurturing the ones who are not ready, and stop the moment someone replies.',
    actions: [
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
  features: {
    heading: 'Follow-up on autopilot',
    intro: 'Personal, timely messages, without anyone copying and pasting.',
    items: [
      {
        title: 'Instant first response',
        description:
          'Every form, call and chat gets a personal email or text within minutes, any hour of the day.',
        features: [
          'Personalised with the lead’s details',
          'Sent from your business number and email',
          'Business-hours rules for calls',
        ],
        icon: 'send',
      },
      {
        title: 'Nurture sequences',
        description: 'Helpful follow-ups over days and weeks for leads who are still deciding.',
        features: [
          'Stops automatically on reply',
          'Different paths per service',
          'A/B tested subject lines',
        ],
        icon: 'mail',
      },
      {
        title: 'Two-way SMS',
        description: 'Customers text back and get answers; your team steps in whenever it wants.',
        features: [
          'Shared inbox for your team',
          'AI-suggested replies',
          'Opt-out handled automatically',
        ],
        icon: 'message',
      },
      {
        title: 'Re-engagement campaigns',
        description: 'Bring back past customers and old leads with timely offers and check-ins.',
        features: [
          'Segmented by service and date',
          'Seasonal reminders',
          'Review requests after each job',
        ],
        icon: 'repeat',
      },
    ],
  },
  highlights: {
    heading: 'Speed wins the deal',
    intro: 'Most leads choose the business that answers first.',
    stats: [
      { value: '71%', label: 'of customers expect a reply within 24 h' },
      { value: '40%', label: 'close rate with instant response' },
      { value: '30 hrs', label: 'per week saved' },
    ],
    points: [
      'Consent and opt-outs handled for you',
      'Every message logged in your CRM',
      'Works with over 500 tools',
      'Setup 2-3 business days',
    ],
  },
  cta: {
    heading: 'Stop letting leads go cold',
    body: 'Get a free growth audit to see how many leads are waiting too long for a reply, or book a demo to see the sequences in action.',
    actions: [
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
} as const satisfies ServicePageContent;
