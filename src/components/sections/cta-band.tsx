import type { ReactNode } from 'react';
import type { CtaBandContent } from '@/content/types';

/** A closing call to action; the buttons are passed as children. */
export function CtaBand({
  id = 'cta',
  content,
  children,
}: {
  id?: string;
  content: CtaBandContent;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {content.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{content.body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
