import type { Metadata } from 'next';
import { siteConfig } from '@/config/site';
import { adminCopy, unavailableCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { param } from '@/lib/search-param';
import { safeReturnPath } from '@/server/admin/session';

export const metadata: Metadata = { title: unavailableCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where an inbox page sends the operator while the database does not answer; reads nothing from it. */
export default async function UnavailablePage({ searchParams }: Props) {
  const next = safeReturnPath(param((await searchParams).next));
  return (
    <main id="admin-main" className="mx-auto max-w-xl px-4 py-16">
      <p className="font-bold text-ink-900">
        {siteConfig.brandName}{' '}
        <span className="font-normal text-ink-600">{adminCopy.brandSuffix}</span>
      </p>
      <h1 className="mt-6 text-2xl font-bold text-ink-900">{unavailableCopy.heading}</h1>
      <p className="mt-2 text-ink-700">{unavailableCopy.body}</p>
      <a href={next} className={buttonClass('primary', 'lg', 'mt-6')}>
        {unavailableCopy.retry}
      </a>
    </main>
  );
}
