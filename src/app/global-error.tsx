'use client';

import { buttonClass } from '@/components/ui/button-styles';
import { globalErrorCopy as copy } from '@/content/ui';

/**
 * Shown instead of the whole layout when rendering fails. Next's default uses inline styles, which
 * the site's CSP refuses; this one uses only the stylesheet's classes (still inline in <head>).
 */
export default function GlobalError({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en">
      <body>
        <title>{copy.title}</title>
        <main id="main-content" className="grid min-h-dvh place-items-center px-4 py-24">
          <section aria-labelledby="global-error-heading" className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              {copy.eyebrow}
            </p>
            <h1
              id="global-error-heading"
              className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900"
            >
              {copy.heading}
            </h1>
            <p className="mt-4 text-lg text-ink-700">{copy.body}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <button
                type="button"
                onClick={reset}
                className={buttonClass('primary', 'lg', 'cursor-pointer')}
              >
                {copy.retry}
              </button>
              {/* A plain link: a full page load starts over from a fresh page. */}
              <a href={copy.home.href} className={buttonClass('secondary', 'lg')}>
                {copy.home.label}
              </a>
            </div>
          </section>
        </main>
      </body>
    </html>
  );
}
