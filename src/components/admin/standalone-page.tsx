import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { adminCopy } from '@/content/admin';

/** An inbox page outside the signed-in frame (sign-in, database unavailable): brand, heading, intro. */
export function StandalonePage({
  heading,
  intro,
  width = 'max-w-sm',
  children,
}: {
  heading: string;
  intro: string;
  width?: 'max-w-sm' | 'max-w-xl';
  children: ReactNode;
}) {
  return (
    <main id="admin-main" className={`mx-auto ${width} px-4 py-16`}>
      <p className="font-bold text-ink-900">
        {siteConfig.brandName}{' '}
        <span className="font-normal text-ink-600">{adminCopy.brandSuffix}</span>
      </p>
      <h1 className="mt-6 text-2xl font-bold text-ink-900">{heading}</h1>
      <p className="mt-2 text-sm text-ink-700">{intro}</p>
      {children}
    </main>
  );
}
