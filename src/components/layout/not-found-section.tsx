import type { Metadata } from 'next';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';
import { notFoundCopy } from '@/content/ui';
import { pageTitle } from '@/components/seo/page-metadata';

export const notFoundMetadata: Metadata = {
  title: { absolute: pageTitle(notFoundCopy.title) },
  description: notFoundCopy.description,
  robots: { index: false, follow: true },
};

/** The 404 page's content, for unknown paths and for notFound() in a public page. */
export function NotFoundSection() {
  return (
    <section
      aria-labelledby="not-found-heading"
      className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6"
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {notFoundCopy.eyebrow}
      </p>
      <h1
        id="not-found-heading"
        className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900"
      >
        {notFoundCopy.heading}
      </h1>
      <p className="mt-4 text-lg text-ink-700">{notFoundCopy.body}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <AppLink href={notFoundCopy.home.href} className={buttonClass('primary', 'lg')}>
          {notFoundCopy.home.label}
        </AppLink>
        <AppLink href={notFoundCopy.services.href} className={buttonClass('secondary', 'lg')}>
          {notFoundCopy.services.label}
        </AppLink>
      </div>
    </section>
  );
}
