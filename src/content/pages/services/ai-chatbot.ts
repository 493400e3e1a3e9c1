import type { ServicePageContent } from './types';

export const aiChatbotPage = {
  service: { name: 'AI website chatbot', serviceType: 'AI chatbot' },
  hero: {
    eyebrow: 'AI chatbots',
    heading: 'A website assistant that turns visitors into booked customers',
    body: 'Most visitors leave without calling. An AI chatbot trained on your services, prices and policies answers their questions in seconds, day or night, and captures their details before they go.',
    actions: [
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
      { kind: 'chat', label: 'See It in Action' },
    ],
  },
  features: {
    heading: 'What your chatbot does',
    intro: 'Built around your business, not a generic script.',
    items: [
      {
        title: 'Instant, accurate answers',
        description:
          'Trained on your website, FAQs, pricing and policies, so answers match what your team would say.',
        features: [
          'Hours, pricing and service areas',
          'Policies and preparation instructions',
          'Links to the right page',
        ],
        icon: 'message',
      },
      {
        title: 'Lead capture that feels natural',
        description:
          'Asks for a name, email and phone at the right moment in the conversation, not with a pop-up.',
        features: [
          'Qualifying questions you choose',
          'Details sent straight to your CRM',
          'Hot leads flagged for a call back',
        ],
        icon: 'target',
      },
      {
        title: 'Bookings inside the chat',
        description:
          'Visitors pick a time and book without leaving the page, synced with your calendar.',
        features: [
          'Real-time availability',
          'Confirmation by email and SMS',
          'Reschedule links included',
        ],
        icon: 'calendar-check',
      },
      {
        title: 'Smooth hand-off to people',
        description:
          'When a question needs a human, the chat passes to your team with the whole conversation attached.',
        features: ['Business-hours routing', 'Email or SMS alerts', 'No repeated questions'],
        icon: 'users',
      },
    ],
  },
  highlights: {
    heading: 'Why it pays for itself',
    intro: 'Fast answers win the customer. Slow ones send them to a competitor.',
    stats: [
      { value: '24/7', label: 'answers, including nights and weekends' },
      { value: '71%', label: 'of customers expect a reply within 24 h' },
      { value: '150%', label: 'lead conversion with instant replies' },
    ],
    points: [
      'Answers in seconds instead of hours',
      'Every conversation logged in your CRM',
      'Works with over 500 tools',
      'Setup 2-3 business days',
    ],
  },
  cta: {
    heading: 'See what your visitors are asking',
    body: 'Get a free growth audit and we will show you where a chatbot would capture the leads your website loses today.',
    actions: [
      { kind: 'link', label: 'Get Your Free Growth Audit', href: '/growth-audit' },
      { kind: 'chat', label: 'See It in Action' },
    ],
  },
} as const satisfies ServicePageContent;
