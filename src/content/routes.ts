import type { RouteEntry } from './types';

// The route registry (docs/product.md section 2), read by page metadata, the sitemap and the tests;
// a page is listed only once it is built, so the sitemap never lists a 404.
export const routes = [
  {
    path: '/',
    title: 'AI Automation for Small Businesses',
    description:
      'AI voice agents, chatbots, scheduling, email, SMS and CRM automation that answer every lead 24/7 for small businesses and property managers.',
    keywords: [
      'AI automation agency',
      'AI voice agent',
      'AI chatbot',
      'appointment scheduling automation',
      'email and SMS automation',
      'CRM integration',
      'property management AI',
    ],
    indexable: true,
  },
  {
    path: '/ai-voice-agent',
    title: 'AI Voice Agents That Answer Every Call',
    description:
      "An AI voice agent that answers every call 24/7 in natural conversation, speaks your customers' language, logs calls in your CRM and reports on each one.",
    keywords: [
      'AI voice agent',
      'AI receptionist',
      'AI phone answering',
      '24/7 call answering',
      'call analytics',
    ],
    indexable: true,
  },
  {
    path: '/aria-voice-agent',
    title: 'Aria: AI Leasing Assistant for Property Managers',
    description:
      'Aria answers every leasing call 24/7, qualifies prospects, books tours and follows up, so property managers stop losing renters to voicemail after hours.',
    keywords: [
      'AI leasing assistant',
      'property management AI',
      'apartment leasing automation',
      'tour booking',
      'Aria voice agent',
    ],
    indexable: true,
  },
  {
    path: '/aria-landing',
    title: 'Meet Aria, Your 24/7 Leasing Assistant',
    description:
      'Sign up to put Aria on your leasing line: 24/7 call answering, 85% lead conversion and 60% time saved for property management teams.',
    keywords: ['Aria', 'AI leasing assistant', 'property management'],
    indexable: false,
  },
  {
    path: '/ai-chatbot',
    title: 'AI Chatbots for Your Website',
    description:
      'A website chatbot trained on your business that answers questions instantly, captures leads and books appointments around the clock.',
    keywords: [
      'AI chatbot',
      'website chatbot',
      'lead capture chatbot',
      'customer service automation',
    ],
    indexable: true,
  },
  {
    path: '/appointment-scheduling',
    title: 'AI Appointment Scheduling',
    description:
      'Let customers book, confirm and reschedule appointments on their own, with automatic reminders that cut no-shows by 60%.',
    keywords: [
      'appointment scheduling',
      'online booking',
      'appointment reminders',
      'no-show reduction',
    ],
    indexable: true,
  },
  {
    path: '/email-sms-automation',
    title: 'Email & SMS Automation',
    description:
      'Reach every lead within minutes with automated email and SMS follow-up, nurture sequences and two-way texting that keeps conversations going.',
    keywords: [
      'email automation',
      'SMS automation',
      'lead follow-up',
      'drip campaigns',
      'text message marketing',
    ],
    indexable: true,
  },
  {
    path: '/crm-integration',
    title: 'CRM Integration & Workflow Automation',
    description:
      'Connect calls, chats and forms to your CRM and over 500 tools, with automatic lead routing, tagging and follow-up workflows.',
    keywords: [
      'CRM integration',
      'workflow automation',
      'lead routing',
      'Zapier alternative',
      'n8n automation',
    ],
    indexable: true,
  },
  {
    path: '/review-management',
    title: 'Review & Reputation Management',
    description:
      'Collect more five-star reviews automatically, catch unhappy customers first and reply to every review quickly with AI-suggested responses.',
    keywords: ['review management', 'reputation management', 'Google reviews', 'review requests'],
    indexable: true,
  },
  {
    path: '/growth-audit',
    title: 'Free AI Growth Audit',
    description:
      'Get a free, personalised automation blueprint that shows where your business loses leads and how AI can win them back, delivered to your inbox.',
    keywords: [
      'AI growth audit',
      'free automation audit',
      'lead leakage',
      'business automation plan',
    ],
    indexable: true,
  },
  {
    path: '/thank-you',
    title: 'Your Growth Blueprint Is on Its Way',
    description:
      'Thank you for requesting your AI growth audit. Your blueprint is on its way; here is what happens next and how to make sure it reaches you.',
    keywords: ['growth audit', 'thank you'],
    indexable: false,
  },
  {
    path: '/property-management',
    title: 'AI Automation for Property Managers',
    description:
      'Stop missing after-hours leasing calls: Aria answers 24/7, books tours and qualifies prospects, so your team focuses on residents and renewals.',
    keywords: [
      'property management automation',
      'leasing automation',
      'after-hours calls',
      'tour scheduling',
    ],
    indexable: true,
  },
  {
    path: '/revenue-calculator',
    title: 'Missed-Call Revenue Loss Calculator',
    description:
      'Estimate the leases and rent your property loses to missed after-hours calls each month, each year and over a resident’s stay, with your own numbers.',
    keywords: [
      'revenue loss calculator',
      'missed call cost',
      'leasing ROI calculator',
      'after-hours calls',
      'property management ROI',
    ],
    indexable: true,
  },
  {
    path: '/services-overview',
    title: 'AI Voice Agent Services Overview',
    description:
      'How our AI voice agents work for your business: 24/7 availability, smart booking and human-like conversation, with 85% cost reduction and 3x faster response.',
    keywords: ['AI voice agent services', 'AI receptionist service', 'automated booking'],
    indexable: true,
  },
  {
    path: '/how-it-works',
    title: 'How Our AI Voice Agent Works',
    description:
      'See how an AI voice agent handles a call from first ring to booked appointment: conversation, information gathering, action and seamless handoff.',
    keywords: ['how AI voice agents work', 'AI call handling', 'AI receptionist demo'],
    indexable: true,
  },
  {
    path: '/contact-demo',
    title: 'Book a Live Demo',
    description:
      'Book a personalised demo of our AI voice agents and automations. Tell us about your business and we will show you exactly how it would work.',
    keywords: ['book a demo', 'AI voice agent demo', 'automation demo'],
    indexable: true,
  },
  {
    path: '/contact-us',
    title: 'Contact Us',
    description:
      'Questions about AI automation for your business? Send us a message, call, email or chat with us; we reply within 24 hours.',
    keywords: ['contact', 'AI automation agency contact'],
    indexable: true,
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'How we collect, use, share and protect the information you give us through this website, and how to ask us to delete it.',
    keywords: ['privacy policy'],
    indexable: true,
  },
  {
    path: '/terms-conditions',
    title: 'Terms & Conditions',
    description:
      'The terms that apply when you use this website and its demos, calculators and forms.',
    keywords: ['terms and conditions', 'terms of use'],
    indexable: true,
  },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routes)[number]['path'];

export function getRoute(path: RoutePath): RouteEntry {
  const route = routes.find((entry) => entry.path === path);
  if (!route) throw new Error(`Route ${path} is not in the registry`);
  return route;
}

/** True when the path (without its #fragment) is a page of the site. */
export function isRoutePath(href: string): boolean {
  const path = href.split('#')[0] || '/';
  return routes.some((route) => route.path === path);
}
