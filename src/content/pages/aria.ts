import type {
  CtaBandContent,
  FaqItem,
  PageHeroContent,
  ServiceDescription,
  ServiceItem,
  StatsBandContent,
  Step,
} from '@/content/types';

export const ariaHero = {
  eyebrow: 'Aria for property managers',
  heading: 'Meet Aria, the leasing assistant that never misses a call',
  body: 'Aria answers every leasing call 24/7, qualifies prospects, books tours into your calendar and follows up, so your team stops losing renters to voicemail after hours.',
} as const satisfies PageHeroContent;

export const ariaService = {
  name: 'Aria AI leasing assistant',
  serviceType: 'AI voice leasing assistant',
  audience: 'Property managers',
} as const satisfies ServiceDescription;

export const ariaActions = {
  getStarted: { label: 'Get Started', href: '/contact-demo' },
  scheduleDemo: { label: 'Schedule a Demo', href: '/contact-demo' },
  calculator: { label: 'Calculate Your Lost Revenue', href: '/revenue-calculator' },
} as const;

export const ariaFeatures = {
  heading: 'What Aria does for your leasing team',
  intro: 'Six jobs Aria takes off your plate from day one.',
  items: [
    {
      title: '24/7 call answering',
      description:
        'Every call answered on the first ring, including nights, weekends and holidays.',
      features: ['No voicemail, no hold music', 'Many calls at once', 'Your property’s greeting'],
      icon: 'phone',
    },
    {
      title: 'Tour booking',
      description: 'Books in-person and self-guided tours straight into your leasing calendar.',
      features: ['Real-time availability', 'Confirmations by SMS', 'Reminders that cut no-shows'],
      icon: 'calendar-check',
    },
    {
      title: 'Lead qualification',
      description:
        'Asks about move-in date, budget, bedrooms and pets, and flags the best prospects.',
      features: [
        'Your screening questions',
        'Fair-housing-conscious scripts',
        'Hot leads sent to your team',
      ],
      icon: 'target',
    },
    {
      title: 'Property answers',
      description:
        'Answers questions about availability, pricing, amenities, parking and pet policies.',
      features: ['Trained on your listings', 'Updated when units change', 'Consistent every time'],
      icon: 'building',
    },
    {
      title: 'CRM and PMS updates',
      description:
        'Logs every prospect and conversation in your CRM or property-management software.',
      features: ['Call summaries', 'Source tracking', 'Over 500 tool integrations'],
      icon: 'database',
    },
    {
      title: 'Follow-up that closes',
      description:
        'Texts and emails prospects after the call with next steps and application links.',
      features: ['Same-day follow-up', 'Application reminders', 'Re-engages cold leads'],
      icon: 'send',
    },
  ] as const satisfies readonly ServiceItem[],
} as const;

export const ariaSteps = {
  heading: 'How Aria works',
  intro: 'Live on your leasing line in four steps.',
  steps: [
    {
      title: 'We learn your properties',
      description:
        'Share your listings, pricing, policies and tour calendar; we train Aria on them.',
    },
    {
      title: 'Aria answers your calls',
      description: 'Forward after-hours or overflow calls, or all of them, to Aria.',
    },
    {
      title: 'Prospects get booked',
      description: 'Aria qualifies each caller, answers questions and books the tour.',
    },
    {
      title: 'Your team closes the lease',
      description:
        'Every conversation lands in your CRM with a summary, ready for your leasing agents.',
    },
  ] as const satisfies readonly Step[],
} as const;

export const ariaCalculatorBand = {
  heading: 'How much are missed calls costing you?',
  body: 'When 50% of after-hours calls are missed, the lost leases add up fast. See your own number in two minutes with our revenue calculator.',
} as const satisfies CtaBandContent;

export const ariaClosing = {
  heading: 'Put Aria on your leasing line',
  body: 'Quick setup in 24-48 hours. See Aria handle your own scenarios in a live demo.',
} as const satisfies CtaBandContent;

/** The 8 questions: the short answer (/aria-voice-agent) and the detailed one (/aria-landing). */
const ariaQuestions = [
  {
    question: 'What is Aria?',
    short:
      'Aria is an AI voice leasing assistant that answers your property’s calls 24/7, qualifies prospects and books tours.',
    long: 'Aria is an AI voice leasing assistant built for property managers. She answers leasing calls 24/7 in a natural voice, answers questions about availability, pricing and policies, qualifies each prospect with your screening questions, books tours into your calendar and logs every conversation in your CRM, so your team can focus on residents and renewals.',
  },
  {
    question: 'Will prospects know they are talking to an AI?',
    short: 'Aria sounds natural, and she can introduce herself as an AI assistant if you prefer.',
    long: 'Aria speaks naturally, handles interruptions and follow-up questions, and keeps the conversation friendly. Many properties choose to have her introduce herself as a virtual leasing assistant; either way, any caller can ask for a person and Aria will transfer the call or arrange a call back with a summary.',
  },
  {
    question: 'How long does setup take?',
    short:
      'Quick setup takes 24-48 hours; full integration with your systems usually 2-3 business days.',
    long: 'For a single property with a standard tour calendar, our 24-48 hours quick setup means Aria can answer your leasing line within two days. Portfolios and deeper integrations with your CRM or property-management software usually take 2-3 business days, including testing calls with your team before go-live.',
  },
  {
    question: 'Does Aria work with our property-management software?',
    short: 'Yes. Aria connects to popular CRMs and PMS platforms, and over 500 tools in total.',
    long: 'Yes. Aria connects to popular CRMs, leasing and property-management platforms and calendars, and to over 500 tools in total through our integration platform. Prospects, call summaries and booked tours flow into the systems your team already uses, with no double entry.',
  },
  {
    question: 'What happens with urgent maintenance calls?',
    short: 'Aria recognises urgent calls and routes them to your on-call team right away.',
    long: 'Aria recognises urgent maintenance and resident issues, such as leaks or lockouts, and follows your escalation rules: transferring to your on-call number, texting the right person, or logging a ticket, so emergencies never wait in a voicemail box.',
  },
  {
    question: 'How much can Aria improve our results?',
    short: 'Properties see up to 85% lead conversion and 60% time saved on leasing calls.',
    long: 'Because every call is answered and every prospect followed up, properties using Aria see up to 85% lead conversion and 60% time saved for their leasing teams. Use our revenue calculator to estimate what missed after-hours calls cost your property today.',
  },
  {
    question: 'Can Aria handle several properties?',
    short: 'Yes. Aria can answer for a whole portfolio, with the right details for each property.',
    long: 'Yes. Aria can answer for one community or a whole portfolio, each with its own greeting, availability, pricing, policies and tour calendar, and can suggest a sister property when a caller’s needs are better met elsewhere.',
  },
  {
    question: 'How do we get started?',
    short: 'Schedule a demo; we will show Aria with your own property and plan your setup.',
    long: 'Schedule a demo and we will show Aria handling calls for your own property, answer your questions and plan your setup. Once you decide to go ahead, Aria can be live within 24-48 hours. Our team will contact you within 24 hours of your request.',
  },
] as const;

export const ariaFaq = {
  heading: 'Aria: frequently asked questions',
  items: ariaQuestions.map(({ question, short }) => ({
    question,
    answer: short,
  })) satisfies FaqItem[],
} as const;

export const ariaFaqDetailed = {
  heading: 'Everything you want to know about Aria',
  items: ariaQuestions.map(({ question, long }) => ({
    question,
    answer: long,
  })) satisfies FaqItem[],
} as const;

export const ariaLandingHero = {
  eyebrow: 'For property managers',
  heading: 'Never miss another leasing call',
  body: 'Aria answers 24/7, books tours and qualifies every prospect. Sign up and we will have her on your leasing line within days.',
} as const satisfies PageHeroContent;

export const ariaLandingStats = {
  label: 'Aria by the numbers',
  items: [
    { value: '24/7', label: 'leasing calls answered' },
    { value: '85%', label: 'lead conversion' },
    { value: '60%', label: 'time saved for your team' },
  ],
} as const satisfies StatsBandContent;

export const ariaSignup = {
  heading: 'Get started with Aria',
  intro:
    'Tell us about your property. Our team will contact you within 24 hours to set Aria up, with no obligation.',
  cta: { label: 'Sign Up Now', href: '#signup' },
  nextSteps: {
    heading: 'What happens after you sign up',
    items: [
      'We call you within 24 hours to learn how your leasing office works',
      'We train Aria on your listings, pricing, policies and tour calendar',
      'You test Aria with your own calls and tell us what to change',
      'Aria goes live on your leasing line, usually within 24-48 hours',
    ],
  },
} as const;
