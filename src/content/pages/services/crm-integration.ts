import type { ServicePageContent } from './types';

export const crmIntegrationPage = {
  service: { name: 'CRM and workflow integration', serviceType: 'CRM integration' },
  hero: {
    eyebrow: 'CRM & workflow integrations',
    heading: 'Every lead in your CRM, tagged and assigned, automatically',
    body: 'Calls, chats, forms and bookings land in your CRM the moment they happen, routed to the right person with the right follow-up, with no copy and paste.',
    actions: [
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
    ],
  },
  features: {
    heading: 'Your tools, finally talking to each other',
    intro: 'We connect what you already use instead of asking you to switch.',
    items: [
      {
        title: 'Automatic lead capture',
        description:
          'Every inquiry from every channel becomes a clean CRM record with its source and conversation.',
        features: [
          'Calls, chats, forms and bookings',
          'Duplicate detection',
          'Source and campaign tracking',
        ],
        icon: 'database',
      },
      {
        title: 'Smart routing and scoring',
        description:
          'Leads are scored and assigned by service, location or value, and the right person is alerted.',
        features: [
          'Round-robin or rules-based',
          'Instant SMS and email alerts',
          'Escalation when nobody responds',
        ],
        icon: 'workflow',
      },
      {
        title: 'Workflow automation',
        description:
          'Quotes, onboarding, invoices and hand-offs run as workflows triggered by what happens in your CRM.',
        features: [
          'Built on proven automation platforms',
          'Error alerts and retries',
          'Documented for your team',
        ],
        icon: 'settings',
      },
      {
        title: 'Reporting you can trust',
        description:
          'See which channels and campaigns bring revenue, from first call to closed deal.',
        features: ['Pipeline dashboards', 'Response-time tracking', 'Weekly summaries by email'],
        icon: 'bar-chart',
      },
    ],
  },
  highlights: {
    heading: 'Connected in days, not months',
    intro: 'A clean pipeline without a painful migration.',
    stats: [
      { value: 'Over 500', label: 'tool integrations' },
      { value: '20-40 hrs', label: 'per week of admin removed' },
      { value: '99.9%', label: 'reliability' },
    ],
    points: [
      'Works with the CRM you already have',
      'No lead lost between tools',
      'Changes documented and reversible',
      'Positive ROI within about 60 days',
    ],
  },
  cta: {
    heading: 'See your pipeline without the busywork',
    body: 'Book a demo with your own tools in mind, or start with a free growth audit.',
    actions: [
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
    ],
  },
} as const satisfies ServicePageContent;
