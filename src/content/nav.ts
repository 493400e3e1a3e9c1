/** Header section links (anchors on the home page) and footer link groups. */
export type SectionLink = { id: 'benefits' | 'services' | 'benchmarks' | 'faq'; label: string };
export type FooterLink = { label: string; href: string };

export const sectionLinks = [
  { id: 'benefits', label: 'Benefits' },
  { id: 'services', label: 'Services' },
  { id: 'benchmarks', label: 'Benchmarks' },
  { id: 'faq', label: 'FAQ' },
] as const satisfies readonly SectionLink[];

export const getStartedHref = '/growth-audit';

/** The legal pages: the footer's bottom row, and the end of its Company column. */
export const footerLegalLinks = {
  privacy: { label: 'Privacy Policy', href: '/privacy-policy' },
  terms: { label: 'Terms & Conditions', href: '/terms-conditions' },
} as const satisfies Record<string, FooterLink>;

/** The footer's link columns, each a navigation landmark named by its heading. */
export const footerLinkGroups = {
  services: {
    id: 'footer-services-heading',
    heading: 'Services',
    links: [
      { label: 'AI Voice Agents', href: '/ai-voice-agent' },
      { label: 'AI Chatbots', href: '/ai-chatbot' },
      { label: 'Appointment Scheduling', href: '/appointment-scheduling' },
      { label: 'Email & SMS Automation', href: '/email-sms-automation' },
      { label: 'CRM Integration', href: '/crm-integration' },
      { label: 'Review Management', href: '/review-management' },
      { label: 'Property Management', href: '/property-management' },
    ],
  },
  company: {
    id: 'footer-company-heading',
    heading: 'Company',
    links: [
      { label: 'How It Works', href: '/how-it-works' },
      { label: 'Contact Us', href: '/contact-us' },
      footerLegalLinks.privacy,
      footerLegalLinks.terms,
    ],
  },
} as const satisfies Record<string, { id: string; heading: string; links: readonly FooterLink[] }>;

export const socialLinksLabel = 'Social media';

export const footerCta = {
  heading: 'Ready to stop missing leads?',
  body: 'Book a free growth audit and get a plan for the calls, chats and follow-ups your team never gets to.',
  primaryLabel: 'See How AI Can Transform Your Business',
  primaryHref: '/growth-audit',
  appLabel: 'Try the App Free',
  contactLabel: 'Contact Our Team',
  contactHref: '/contact-us',
} as const;

export const announcement = {
  text: 'New: our AI growth app is live.',
  /** Below the sm breakpoint (320 px phones), so the link and the close button never overlap. */
  shortText: 'New AI app is live.',
  linkLabel: 'Try it free',
} as const;
