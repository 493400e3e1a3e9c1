import type { ServicePageContent } from './types';

export const appointmentSchedulingPage = {
  service: { name: 'AI appointment scheduling', serviceType: 'Appointment scheduling automation' },
  hero: {
    eyebrow: 'Appointment scheduling',
    heading: 'Let customers book themselves, and actually show up',
    body: 'Phone tag costs you bookings. AI scheduling lets customers book, confirm and reschedule on their own, 24/7, with reminders that cut no-shows.',
    actions: [
      { kind: 'chat', label: 'Get Started' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
  features: {
    heading: 'Scheduling that runs itself',
    intro: 'From the first "when are you free?" to the reminder the day before.',
    items: [
      {
        title: 'Self-service booking',
        description:
          'Customers book by phone, chat or web in the slots you choose, with the right buffer times.',
        features: [
          'Service-specific durations',
          'Staff and location rules',
          'Booking from any channel',
        ],
        icon: 'calendar',
      },
      {
        title: 'Calendar sync',
        description:
          'Two-way sync with Google and Outlook calendars, so nobody is ever double-booked.',
        features: ['Real-time availability', 'Team calendars', 'Time-zone aware'],
        icon: 'refresh',
      },
      {
        title: 'Reminders that work',
        description:
          'Confirmations and reminders by SMS and email at the times your customers respond to.',
        features: [
          'Automatic confirmations',
          'Day-before and hour-before reminders',
          'One-tap rescheduling',
        ],
        icon: 'bell',
      },
      {
        title: 'Waitlists and follow-up',
        description:
          'Cancelled slots are offered to the next customer, and no-shows get a friendly rebooking message.',
        features: [
          'Automatic waitlist fills',
          'No-show follow-up',
          'Review requests after the visit',
        ],
        icon: 'repeat',
      },
    ],
  },
  highlights: {
    heading: 'Fuller calendars, fewer gaps',
    intro: 'The numbers our clients care about most.',
    stats: [
      { value: '60%', label: 'fewer no-shows' },
      { value: '24/7', label: 'online and phone booking' },
      { value: '20-40 hrs', label: 'per week back for your team' },
    ],
    points: [
      'No more phone tag',
      'Every booking in your CRM',
      'Works with over 500 tools',
      '24-48 hours quick setup',
    ],
  },
  cta: {
    heading: 'Ready to fill your calendar?',
    body: 'Start a chat with our assistant and book your setup call, or request a full demo.',
    actions: [
      { kind: 'chat', label: 'Get Started' },
      { kind: 'link', label: 'Book a Demo', href: '/contact-demo' },
    ],
  },
} as const satisfies ServicePageContent;
