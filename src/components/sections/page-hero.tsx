import { Children, type ReactNode } from 'react';
import type { PageHeroContent } from '@/content/types';

/**
 * The call-to-action row, centred. Two buttons sit either side of the centre line in a grid, not
 * centred together by flexbox: Chromium may paint before the second button is parsed, and a lone
 * first button would then slide left when its partner arrived.
 */
function actionRow(count: number): string {
  const row = 'mt-8 flex flex-col gap-3';
  if (count !== 2) return `${row} sm:flex-row sm:justify-center`;
  return `${row} sm:grid sm:grid-cols-2 sm:[&>:first-child]:justify-self-end sm:[&>:nth-child(2)]:justify-self-start`;
}

/** The top of a content page: the page's one h1, an intro and its call-to-action buttons. */
export function PageHero({
  content,
  children,
}: {
  content: PageHeroContent;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 pb-16 pt-12 text-center sm:px-6 lg:pt-20">
        {content.eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {content.eyebrow}
          </p>
        )}
        <h1
          id="page-heading"
          className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl"
        >
          {content.heading}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-ink-700">{content.body}</p>
        {children && <div className={actionRow(Children.count(children))}>{children}</div>}
      </div>
    </section>
  );
}
