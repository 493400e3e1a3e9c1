import type { ServicePageContent } from './types';

export const aiVoiceAgentPage = {
  service: { name: 'AI voice agent', serviceType: 'AI phone answering' },
  hero: {
    eyebrow: 'AI voice agents',
    heading: 'An AI receptionist that answers every call, 24/7',
    body: 'Half of after-hours calls go to voicemail, and most of those callers never call back. Our AI voice agents answer on the first ring, hold a natural conversation, book the appointment and log everything in your CRM.',
    actions: [
      { kind: 'link', label: 'See How It Works', href: '/aria-voice-agent' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
  features: {
    heading: 'Key features',
    intro: 'Everything a great receptionist does, without the hold music.',
    items: [
      {
        title: 'Natural Conversation',
        description:
          'Understands interruptions, follow-up questions and accents, and answers like a friendly member of your team.',
        features: [
          'Human-like voice with natural pauses',
          'Handles interruptions gracefully',
          'Stays on your script and policies',
        ],
        icon: 'headphones',
      },
      {
        title: 'Multi-Language',
        description:
          'Greets callers and switches to their language mid-call, so nobody is lost in translation.',
        features: [
          'English, Spanish and more',
          'Automatic language detection',
          'Consistent answers in every language',
        ],
        icon: 'languages',
      },
      {
        title: 'CRM Integration',
        description:
          'Every caller becomes a CRM record with a summary, tags and next steps, and bookings land in your calendar.',
        features: [
          'Works with over 500 tools',
          'Call summaries and transcripts',
          'Hot leads routed to your team',
        ],
        icon: 'database',
      },
      {
        title: 'Call Analytics',
        description:
          'See who called, why, what was booked and which calls need a person, in one dashboard.',
        features: [
          'Call reasons and outcomes',
          'Missed-revenue tracking',
          'Weekly summaries by email',
        ],
        icon: 'bar-chart',
      },
    ],
  },
  highlights: {
    heading: 'Always on, always improving',
    intro: 'The advantages no human team can match on its own.',
    stats: [
      { value: '24/7', label: 'every call answered, nights, weekends and holidays' },
      { value: 'Unlimited Scale', label: 'many calls at once, no busy signal' },
      { value: 'Continuous Learning', label: 'better answers from every conversation' },
    ],
    points: [
      'Answers on the first ring',
      'Books, reschedules and confirms appointments',
      'Transfers urgent calls to your team with a summary',
      '24-48 hours quick setup',
    ],
  },
  cta: {
    heading: 'Hear it for yourself',
    body: 'See how Aria, our leasing voice agent, handles real calls, or book a demo tailored to your business.',
    actions: [
      { kind: 'link', label: 'See How It Works', href: '/aria-voice-agent' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
} as const satisfies ServicePageContent;
