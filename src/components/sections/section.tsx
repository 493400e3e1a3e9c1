import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A page section with a labelled heading. Sections the header links to take focus (tabIndex -1)
 * when a section link scrolls to them.
 */
export function Section({
  id,
  heading,
  intro,
  tone = 'light',
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  tone?: 'light' | 'muted';
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn(
        'scroll-mt-(--sticky-offset) py-20 outline-none',
        tone === 'muted' && 'bg-ink-50',
      )}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
            {heading}
          </h2>
          {intro && <p className="mt-4 text-lg text-ink-600">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
