import type {
  CtaBandContent,
  PageHeroContent,
  ServiceItem,
  StatsBandContent,
  Step,
} from '@/content/types';

export const learnHowItWorks = { label: 'Learn How It Works', href: '/how-it-works' } as const;

export const overviewHero = {
  eyebrow: 'AI voice agent services',
  heading: 'Your front desk, fully staffed around the clock',
  body: 'Our AI voice agents answer, qualify, book and follow up on every call, so your business never misses an opportunity, whatever the hour.',
} as const satisfies PageHeroContent;

export const overviewFeatures = {
  heading: 'What you get',
  intro: 'Three capabilities that change how your phones work.',
  items: [
    {
      title: '24/7 Availability',
      description: 'Every call answered on the first ring, day and night.',
      features: [
        'Nights, weekends and holidays covered',
        'No hold times, even at peak hours',
        'Overflow handled when your team is busy',
      ],
      icon: 'clock',
    },
    {
      title: 'Smart Booking',
      description:
        'Appointments booked straight into your calendar while the caller is on the line.',
      features: [
        'Real-time availability checks',
        'Confirmations and reminders by SMS',
        'Easy rescheduling and cancellations',
      ],
      icon: 'calendar-check',
    },
    {
      title: 'Human-like Conversation',
      description: 'Natural, friendly conversations that reflect your brand.',
      features: [
        'Understands context and follow-up questions',
        'Handles interruptions naturally',
        'Transfers to your team when it should',
      ],
      icon: 'headphones',
    },
  ] as const satisfies readonly ServiceItem[],
} as const;

export const overviewStats = {
  label: 'Results at a glance',
  items: [
    { value: '24/7', label: 'availability' },
    { value: '85%', label: 'cost reduction' },
    { value: '3x', label: 'faster response' },
  ],
} as const satisfies StatsBandContent;

export const overviewClosing = {
  heading: 'See it work on your calls',
  body: 'Learn how a call flows from first ring to booked appointment, or try the voice demo.',
} as const satisfies CtaBandContent;

export const howItWorksHero = {
  eyebrow: 'How it works',
  heading: 'From first ring to booked appointment, automatically',
  body: 'Here is exactly what happens when a customer calls a business that uses our AI voice agent, and why nothing falls through the cracks.',
} as const satisfies PageHeroContent;

export const howItWorksDemo = {
  heading: 'Hear a leasing assistant in action',
  intro:
    'Our demo agent is the leasing assistant for an apartment community. Ask about two-bedroom availability, pet policies, parking or move-in specials, and book a tour, just as a prospective resident would.',
  points: [
    'Answers questions about units, pricing and amenities',
    'Checks the tour calendar and books a time',
    'Collects name, phone and move-in date',
    'Sends a confirmation text after the call',
  ],
} as const;

export const howItWorksSteps = {
  heading: 'Five steps on every call',
  intro: 'What the AI does, in order, every single time.',
  steps: [
    {
      title: 'Customer Calls',
      description:
        'A customer calls your number, day or night. The AI answers on the first ring with your greeting.',
    },
    {
      title: 'AI Conversation',
      description:
        'It understands what the caller needs and answers questions naturally, using your business information.',
    },
    {
      title: 'Information Gathering',
      description:
        'It collects the details that matter: name, contact information, needs, timing and qualifying answers.',
    },
    {
      title: 'Action Execution',
      description:
        'It books the appointment, updates your CRM, sends confirmations and alerts your team.',
    },
    {
      title: 'Seamless Handoff',
      description:
        'When a person is needed, it transfers the call or schedules a call back, with a full summary.',
    },
  ] as const satisfies readonly Step[],
} as const;

export const howItWorksStats = {
  label: 'By the numbers',
  items: [
    { value: '100%', label: 'call coverage' },
    { value: 'Under 3s', label: 'response' },
    { value: '95%', label: 'accuracy' },
    { value: '24/7', label: 'availability' },
  ],
} as const satisfies StatsBandContent;

export const howItWorksClosing = {
  heading: 'What would this mean for your business?',
  body: 'Estimate the revenue missed calls cost you, or book a demo to hear it with your own scenarios.',
  seeRoi: { label: 'See Your ROI', href: '/revenue-calculator' },
  bookDemo: { label: 'Book a Demo', href: '/contact-demo' },
} as const;

export const propertyHero = {
  eyebrow: 'For property managers',
  heading: 'Stop losing renters to voicemail',
  body: 'Prospects call when they are ready, often after your office closes. Aria, our AI leasing assistant, answers every call 24/7, books the tour and qualifies the prospect before your team is back at their desks.',
} as const satisfies PageHeroContent;

export const propertyProblems = {
  heading: 'Where leasing teams lose leads',
  intro: 'Three gaps that cost properties signed leases every month.',
  items: [
    {
      title: 'Missed after-hours calls',
      description:
        'Properties commonly see 50% of after-hours calls missed, and prospects who reach voicemail rarely leave a message: they call the next property on their list.',
      features: ['Evenings and weekends', 'Lunch breaks and busy tour hours', 'Holiday closures'],
      icon: 'moon',
    },
    {
      title: 'Slow tour booking',
      description:
        '71% expect a reply within 24 h, yet booking a tour often means a call back days later, so prospects tour somewhere else first.',
      features: ['Phone tag with prospects', 'Double-booked agents', 'No-shows without reminders'],
      icon: 'calendar',
    },
    {
      title: 'Unqualified leads',
      description:
        'Leasing agents spend hours on prospects whose budget, move-in date or pets do not fit.',
      features: [
        'Same questions asked on every call',
        'Notes lost between tools',
        'Hot prospects not prioritised',
      ],
      icon: 'target',
    },
  ] as const satisfies readonly ServiceItem[],
} as const;

export const propertySolution = {
  heading: 'How Aria closes those gaps',
  intro: 'Aria works your leasing line so your team can work with residents.',
  steps: [
    {
      title: 'Every call answered',
      description: 'Aria answers 24/7, including overflow when your team is busy.',
    },
    {
      title: 'Tours booked on the call',
      description:
        'Prospects pick a tour time that fits your calendar and get a confirmation text.',
    },
    {
      title: 'Prospects qualified',
      description:
        'Aria asks your screening questions and flags the best-fit prospects for your agents.',
    },
    {
      title: 'Everything logged',
      description: 'Each conversation lands in your CRM or PMS with a summary and next steps.',
    },
  ] as const satisfies readonly Step[],
} as const;

export const propertyStats = {
  label: 'Aria by the numbers',
  items: [
    { value: '24/7', label: 'leasing line coverage' },
    { value: '85%', label: 'conversion' },
    { value: '60%', label: 'time saved' },
  ],
} as const satisfies StatsBandContent;

export const propertyClosing = {
  heading: 'See what missed calls cost your property',
  body: 'Meet Aria, calculate your lost revenue, or book a demo with your own property.',
  links: [
    { label: 'Meet Aria', href: '/aria-voice-agent' },
    { label: 'Calculate Your Lost Revenue', href: '/revenue-calculator' },
    { label: 'Book a Demo', href: '/contact-demo' },
  ],
} as const;
