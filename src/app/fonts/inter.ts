import localFont from 'next/font/local';

// Self-hosted Inter, variable weight, cut to the site's characters and weights
// (src/config/font-subset.ts, about 20 KB): no request to a font CDN.
// display 'optional': the preloaded font is used when it arrives within the first
// ~100 ms (almost always); otherwise the size-matched fallback stays for that page
// view, so a late font can never shift the layout (CLS 0 on slow networks too).
// The size-matched fallback is ours ('Inter Fallback' in globals.css): next/font's
// only looks for Arial, which Linux and ChromeOS lack.
export const inter = localFont({
  src: './inter-subset.woff2',
  weight: '400 800',
  style: 'normal',
  display: 'optional',
  adjustFontFallback: false,
  variable: '--font-inter',
});
