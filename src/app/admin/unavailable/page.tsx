import type { Metadata } from 'next';
import { unavailableCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { StandalonePage } from '@/components/admin/standalone-page';
import { param } from '@/lib/search-param';
import { safeReturnPath } from '@/server/admin/session';

export const metadata: Metadata = { title: unavailableCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where an inbox page sends the operator while the database does not answer; reads nothing from it. */
export default async function UnavailablePage({ searchParams }: Props) {
  const next = safeReturnPath(param((await searchParams).next));
  return (
    <StandalonePage heading={unavailableCopy.heading} intro={unavailableCopy.body} width="max-w-xl">
      <a href={next} className={buttonClass('primary', 'lg', 'mt-6')}>
        {unavailableCopy.retry}
      </a>
    </StandalonePage>
  );
}
