import type { PageHeroContent, ServiceItem, Step } from '@/content/types';

export const growthAuditHero = {
  eyebrow: 'Free AI growth audit',
  heading: 'Find the leads your business loses every week, and get them back',
  body: 'Tell us where to send it and we will build your personalised automation blueprint: where calls, chats and follow-ups slip through the cracks today, and exactly which AI automations would catch them.',
} as const satisfies PageHeroContent;

export const growthAuditCta = { label: 'Get My Free Blueprint', href: '#audit-form' } as const;

export const stickyPitch = 'Your free AI growth blueprint is one step away.';

export const growthAuditBenefits = {
  heading: 'What your blueprint covers',
  intro: 'A practical plan written for your business, not a generic slide deck.',
  items: [
    {
      title: 'Where leads leak today',
      description:
        'We map how calls, web chats, forms and reviews reach you now, and where they go unanswered.',
      features: [
        'After-hours and busy-hour call coverage',
        'Response time to web inquiries',
        'Follow-up gaps after the first contact',
      ],
      icon: 'search',
    },
    {
      title: 'The automations that pay back first',
      description:
        'A short list of AI voice, chat, scheduling and follow-up automations ranked by impact and effort.',
      features: [
        'Most clients see positive ROI within about 60 days',
        'Works with the tools you already use',
        'No long contracts',
      ],
      icon: 'target',
    },
    {
      title: 'Time your team gets back',
      description:
        'Which routine tasks can run on their own, and how many hours that returns to your team each week.',
      features: [
        '20-40 hrs per week in routine work',
        'Reminders that cut no-shows',
        'Leads logged in your CRM automatically',
      ],
      icon: 'clock',
    },
    {
      title: 'A rollout plan you can act on',
      description: 'Clear next steps whether you build it yourself or let us do it for you.',
      features: [
        'Setup 2-3 business days for most plans',
        '24-48 hours quick setup for a single automation',
        'A named contact for questions',
      ],
      icon: 'clipboard',
    },
  ] as const satisfies readonly ServiceItem[],
} as const;

export const beforeAfter = {
  heading: 'Before and after AI automation',
  intro: 'The same business, the same team, a very different week.',
  before: {
    title: 'Before',
    items: [
      'Calls after 5 p.m. go to voicemail; 50% after-hours calls missed',
      'Web inquiries wait until someone is free, often the next day',
      'Reminders sent by hand, when someone remembers',
      'Leads copied into the CRM at the end of the week',
      'Reviews requested rarely, if ever',
    ],
  },
  after: {
    title: 'After',
    items: [
      'Every call answered 24/7, qualified and booked',
      'Web visitors get an answer in seconds from your AI assistant',
      'Automatic confirmations and reminders: 60% fewer no-shows',
      'Every lead logged, tagged and assigned the moment it arrives',
      'Happy customers asked for a review after every job',
    ],
  },
} as const;

export const growthAuditSteps = {
  heading: 'What happens next',
  intro: 'From request to a working plan in four simple steps.',
  steps: [
    {
      title: 'Request your blueprint',
      description: 'Fill in the short form. It takes about 30 seconds.',
    },
    {
      title: 'We review your business',
      description:
        'We look at how leads reach you today: your website, phone coverage, reviews and follow-up.',
    },
    {
      title: 'Your blueprint arrives by email',
      description: 'You receive your personalised automation plan, prioritised by impact.',
    },
    {
      title: 'A free strategy call',
      description:
        'We contact you within 24 hours to walk you through it and answer your questions, with no obligation.',
    },
  ] as const satisfies readonly Step[],
} as const;

export const growthAuditFormSection = {
  heading: 'Get your free AI growth blueprint',
  intro: 'No cost, no obligation. We use your details only to prepare and send your blueprint.',
} as const;
