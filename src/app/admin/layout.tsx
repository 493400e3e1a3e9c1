import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { adminCopy } from '@/content/admin';

// The inbox renders per request (it reads the session), with a nonce-based policy from src/proxy.ts.
export const metadata: Metadata = {
  title: {
    template: `%s | ${adminCopy.brandSuffix} | ${siteConfig.brandName}`,
    default: `${adminCopy.brandSuffix} | ${siteConfig.brandName}`,
  },
  robots: { index: false, follow: false, nocache: true },
};

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-dvh bg-ink-50 text-ink-900">{children}</div>;
}
