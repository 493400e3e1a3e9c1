import type { Benchmark, BenefitCard, FaqItem, ServiceCard, StatsBandContent } from './types';
import type { IconName } from '@/lib/icon-names';

/** Copy for the home page. Figures are the claims of docs/product.md section 12, verbatim. */

export const hero = {
  eyebrow: 'AI automation for small businesses and property managers',
  heading: 'Answer every lead in seconds, even at 2 a.m.',
  body: 'AI voice agents, chatbots, scheduling, email and SMS follow-up and CRM automation that work 24/7, so the calls, chats and inquiries you miss today become booked appointments tomorrow.',
  primaryCta: { label: 'Get Your Free Growth Audit', href: '/growth-audit' },
  secondaryCta: { label: 'See What We Automate', sectionId: 'services' },
} as const;

export type ShowcaseCard = { id: string; title: string; blurb: string; icon: IconName };

export const showcase = {
  heading: 'Your growth toolkit, in one web app',
  body: 'Our new AI web app puts the marketing work that brings customers to your door on autopilot.',
  appLink: {
    label: 'Try Our Web App',
    utm: { source: 'website', medium: 'hero', campaign: 'services_showcase' },
  },
  previewLabel: 'Preview',
  /** Said after "Preview" to a screen reader, which hears the button out of its row. */
  previewSpoken: 'the web app',
  modalTitle: 'Web app preview',
  cards: [
    {
      id: 'seo',
      title: 'SEO',
      blurb:
        'Find the searches your customers make and rank for them with on-page fixes you can apply in minutes.',
      icon: 'search',
    },
    {
      id: 'websites',
      title: 'Websites',
      blurb: 'Fast, mobile-first pages that load on a cheap phone and turn visitors into calls.',
      icon: 'monitor',
    },
    {
      id: 'ai-content',
      title: 'AI Content',
      blurb: 'Posts, service pages and emails drafted in your voice, ready to approve.',
      icon: 'pen',
    },
    {
      id: 'google-business-profile',
      title: 'Google Business Profile',
      blurb: 'Keep hours, photos and posts fresh so you show up in the local map pack.',
      icon: 'map-pin',
    },
    {
      id: 'review-engine',
      title: 'Review Engine',
      blurb: 'Ask every happy customer for a review at the right moment, automatically.',
      icon: 'star',
    },
    {
      id: 'citations',
      title: 'Citations',
      blurb: 'Consistent name, address and phone across the directories search engines trust.',
      icon: 'list',
    },
  ] as const satisfies readonly ShowcaseCard[],
} as const;

export const homeStats = {
  label: 'Results at a glance',
  items: [
    { value: '87%', label: 'adoption among growing businesses' },
    { value: '250%', label: 'ROI within 6 months' },
    { value: '30 hrs', label: 'per week saved' },
    { value: '99.9%', label: 'reliability' },
  ],
} as const satisfies StatsBandContent;

export const benefits = {
  heading: 'Why Choose AI Automation',
  body: 'Your team is great with customers. It should not spend its day on hold music, reminder texts and copy-pasting leads between tools.',
  cards: [
    {
      title: '300% efficiency',
      description:
        'One AI agent handles the calls, chats and follow-ups that would take a team of three, without overtime.',
      features: [
        'Answers every call on the first ring',
        'Handles many conversations at once',
        'Never takes a sick day',
      ],
      icon: 'zap',
    },
    {
      title: '20-40 hrs per week back',
      description:
        'Scheduling, reminders, data entry and routine questions run on their own, so your people do the work only people can.',
      features: [
        'Appointments booked straight into your calendar',
        'Leads logged in your CRM automatically',
        'Routine questions answered instantly',
      ],
      icon: 'clock',
    },
    {
      title: '150% lead conversion',
      description:
        'Leads that hear back in seconds book far more often than leads that wait until tomorrow morning.',
      features: [
        'Instant replies by voice, chat, email and SMS',
        'Qualifying questions asked every time',
        'Hot leads handed to your team live',
      ],
      icon: 'trending-up',
    },
    {
      title: '60% fewer no-shows',
      description:
        'Confirmations and reminders go out by text and email at the right times, with one-tap rescheduling.',
      features: [
        'Automatic confirmations',
        'Reminders that customers actually read',
        'Easy rescheduling instead of silent no-shows',
      ],
      icon: 'calendar-check',
    },
  ] as const satisfies readonly BenefitCard[],
} as const;

export const services = {
  heading: 'What We Do',
  body: 'We design, build and run the automations for you, connected to the phone numbers, website and tools you already use.',
  cards: [
    {
      id: 'voice-agents',
      title: 'AI Voice Agents',
      blurb: 'A natural-sounding receptionist that answers, qualifies and books 24/7.',
      details: [
        'Answers after hours and during rush',
        'Books appointments and tours',
        'Transfers hot calls to your team',
      ],
      icon: 'phone',
      ctaLabel: 'Learn More',
      href: '/services-overview',
    },
    {
      id: 'chatbots',
      title: 'AI Chatbots',
      blurb: 'A website assistant that answers questions and captures leads while visitors browse.',
      details: [
        'Trained on your services and pricing',
        'Collects name, email and phone',
        'Hands off to a person when needed',
      ],
      icon: 'message',
      ctaLabel: 'Learn More',
      href: '/ai-chatbot',
    },
    {
      id: 'scheduling',
      title: 'Appointment Scheduling',
      blurb: 'Customers book themselves into the right slot, with reminders that cut no-shows.',
      details: [
        'Syncs with Google and Outlook calendars',
        'Text and email reminders',
        'Self-serve rescheduling',
      ],
      icon: 'calendar',
      ctaLabel: 'Learn More',
      href: '/appointment-scheduling',
    },
    {
      id: 'email-sms',
      title: 'Email & SMS Automation',
      blurb:
        'Follow-up sequences that reach every lead within minutes and keep nurturing the rest.',
      details: [
        'Instant first response',
        'Drip campaigns that stop when a lead replies',
        'Two-way SMS conversations',
      ],
      icon: 'mail',
      ctaLabel: 'Learn More',
      href: '/email-sms-automation',
    },
    {
      id: 'crm',
      title: 'CRM Integration',
      blurb:
        'Every call, chat and form lands in your CRM, tagged and assigned, with no copy-paste.',
      details: [
        'Connects over 500 tools',
        'Automatic lead scoring and routing',
        'Clean, de-duplicated contacts',
      ],
      icon: 'workflow',
      ctaLabel: 'Learn More',
      href: '/crm-integration',
    },
    {
      id: 'reviews',
      title: 'Review Management',
      blurb: 'More five-star reviews and fast, on-brand replies to every review you get.',
      details: [
        'Review requests after every job',
        'Alerts for unhappy customers first',
        'Suggested replies you approve',
      ],
      icon: 'star',
      ctaLabel: 'Learn More',
      href: '/review-management',
    },
  ] as const satisfies readonly ServiceCard[],
} as const;

export const benchmarks = {
  heading: 'Industry Benchmarks',
  body: 'What slow or missed responses cost a typical service business, and what fast ones earn.',
  items: [
    {
      metric: '50%',
      title: 'of after-hours calls are missed',
      description:
        'Calls that come in after closing go to voicemail, and most callers never leave a message; they call the next business on the list.',
      source: 'Industry call-handling benchmarks for small service businesses',
    },
    {
      metric: '71%',
      title: 'expect a reply within 24 h',
      description:
        'Most customers expect to hear back within a day, and many have already chosen someone else by the time a reply arrives.',
      source: 'Consumer surveys on expected business response times',
    },
    {
      metric: '35%',
      title: 'revenue loss from slow follow-up',
      description:
        'Leads that wait, calls that ring out and no-shows nobody reminded add up to about a third of potential revenue.',
      source: 'Industry estimates of revenue lost to missed calls and slow follow-up',
    },
    {
      metric: '40%',
      title: 'close rate with instant response',
      description:
        'Leads contacted while they are still looking close far more often than leads contacted the next day.',
      source: 'Sales response-time research on lead contact speed',
    },
  ] as const satisfies readonly Benchmark[],
} as const;

export const faq = {
  heading: 'Frequently Asked Questions',
  items: [
    {
      question: 'What can AI automation do for a small business?',
      answer:
        'It answers calls and chats 24/7, qualifies leads, books appointments into your calendar, sends reminders and follow-ups by email and SMS, and logs everything in your CRM. Your team steps in only where a person adds value.',
    },
    {
      question: 'How long does setup take?',
      answer:
        'A standard setup takes 2-3 business days. For a single automation, such as an after-hours voice agent, our 24-48 hours quick setup gets you live in 48 hours.',
    },
    {
      question: 'Will it work with the tools I already use?',
      answer:
        'Yes. We connect over 500 tools, including popular CRMs, calendars, property-management systems, email and SMS platforms, so nothing has to be replaced.',
    },
    {
      question: 'How quickly will I see a return?',
      answer:
        'Most clients see positive ROI within about 60 days, mainly from leads that would otherwise have been missed after hours or followed up too late.',
    },
    {
      question: 'Will callers know they are talking to an AI?',
      answer:
        'Our voice agents sound natural and can say they are an AI assistant whenever you prefer. Any caller can ask for a person, and urgent or complex calls are transferred to your team with a summary.',
    },
    {
      question: 'What happens after I request a growth audit?',
      answer:
        'We review how leads reach you today and send a personalised automation blueprint. Our team will contact you within 24 hours to walk you through it, with no obligation.',
    },
  ] as const satisfies readonly FaqItem[],
} as const;
