import type { ReactNode } from 'react';

/** A form card beside its side content; stacks on small screens. */
export function FormWithAside({
  id,
  heading,
  form,
  aside,
}: {
  id: string;
  heading: string;
  form: ReactNode;
  aside: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-(--sticky-offset) py-16"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[3fr_2fr]">
        {/* Its own height: a short thank-you after sending does not stretch to the aside's. */}
        <div className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8 lg:self-start">
          <h2 id={`${id}-heading`} className="mb-6 text-2xl font-bold text-ink-900">
            {heading}
          </h2>
          {form}
        </div>
        {aside}
      </div>
    </section>
  );
}
