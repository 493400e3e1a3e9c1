import type { Metadata } from 'next';
import { AppLink } from '@/components/ui/app-link';
import { pageTitle } from '@/lib/metadata';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata: Metadata = {
  title: { absolute: pageTitle('Page Not Found') },
  description: 'The page you were looking for does not exist or has moved.',
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <section aria-labelledby="not-found-heading" className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 id="not-found-heading" className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-ink-700">
        The page you were looking for does not exist or has moved. Everything we offer is one click away from the home
        page.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <AppLink href="/" className={buttonClass('primary', 'lg')}>
          Back to Home
        </AppLink>
        <AppLink href="/#services" className={buttonClass('secondary', 'lg')}>
          See our services
        </AppLink>
      </div>
    </section>
  );
}
