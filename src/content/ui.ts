/** Interface wording shared by components (labels, short messages), kept out of the JSX. */
export const uiCopy = {
  skipToContent: 'Skip to content',
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

/** The page shown when rendering fails (src/app/global-error.tsx): it replaces the whole layout. */
export const globalErrorCopy = {
  title: 'Something went wrong',
  eyebrow: 'Error',
  heading: 'Something went wrong',
  body: 'This page ran into a problem. Try again, or start over from the home page: anything you typed into a form and sent before this is safe with us.',
  retry: 'Try again',
  home: { label: 'Back to Home', href: '/' },
} as const;
