/** Interface wording shared by components (labels, short messages), kept out of the JSX. */
export const uiCopy = {
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  mobileNavigation: 'Mobile',
  announcement: 'Announcement',
  /** Read before a numbered step's title; the number itself is drawn, and hidden. */
  stepNumber: (number: number) => `Step ${number}: `,
  dismissAnnouncement: 'Dismiss announcement',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  getStarted: 'Get Started',
  openInFull: 'Open in full',
  close: 'Close',
  sourceLabel: 'Source:',
  footerTagline:
    'AI voice agents, chatbots and workflow automation for small businesses and property managers.',
  rightsReserved: 'All rights reserved.',
  contactAsideLabel: 'About getting in touch',
} as const;

export const notFoundCopy = {
  title: 'Page Not Found',
  description: 'The page you were looking for does not exist or has moved.',
  eyebrow: '404',
  heading: 'Page not found',
  body: 'The page you were looking for does not exist or has moved. Everything we offer is one click away from the home page.',
  home: { label: 'Back to Home', href: '/' },
  services: { label: 'See our services', href: '/#services' },
} as const;

/** The proxy's plain-text answers to a request no page or change can take. */
export const refusalCopy = {
  readOnly: 'This page can only be read (GET or HEAD).',
  noSuchChange: 'This page makes no such change. Reload it and try again.',
  lengthRequired: 'A change to the inbox must say its length (Content-Length).',
  tooLarge: 'Too large: a change to the inbox is at most 1 MB.',
  unreadable: 'This form could not be read. Reload the page and send it again.',
} as const;

/** The page shown when rendering fails (src/app/global-error.tsx): it replaces the whole layout. */
export const globalErrorCopy = {
  title: 'Something went wrong',
  eyebrow: 'Error',
  heading: 'Something went wrong',
  body: 'This page ran into a problem. Try again, or start over from the home page: anything you typed into a form and sent before this is safe with us.',
  retry: 'Try again',
  home: { label: 'Back to Home', href: '/' },
} as const;
