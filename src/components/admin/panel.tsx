import type { ReactNode } from 'react';

/** A titled white box of an inbox page, named by its heading for screen readers. */
export function Panel({
  id,
  heading,
  intro,
  className = '',
  children,
}: {
  id: string;
  heading: ReactNode;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-ink-200 bg-white p-4 ${className}`}
    >
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      {intro && <p className="mt-1 text-sm text-ink-700">{intro}</p>}
      {children}
    </section>
  );
}
