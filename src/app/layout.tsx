import type { ReactNode } from 'react';
import { documentMetadata, documentViewport } from '@/components/seo/page-metadata';
import { inter } from './fonts/inter';
import './globals.css';

export const metadata = documentMetadata;
export const viewport = documentViewport;

/**
 * The document every page shares. Public pages are prerendered with a hash-based policy and the
 * inbox renders per request with a nonce, so nothing here may depend on either.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The pre-paint script may set data-announcement on <html> before React hydrates.
    <html lang="en" className={inter.variable} suppressHydrationWarning>
      <body>{children}</body>
    </html>
  );
}
