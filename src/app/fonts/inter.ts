import localFont from 'next/font/local';

// Self-hosted Inter cut to the site's characters and weights (src/config/font-subset.ts).
// With display 'optional' a font later than ~100 ms leaves the fallback for that page view, so it
// never shifts the layout. The size-matched fallback is ours ('Inter Fallback' in globals.css):
// next/font's looks only for Arial, which Linux and ChromeOS lack.
export const inter = localFont({
  src: './inter-subset.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'optional',
  adjustFontFallback: false,
  variable: '--font-inter',
});
