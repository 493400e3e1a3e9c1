import Link from 'next/link';
import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';
import { adminCopy, adminNav } from '@/content/admin';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { requireOperator } from '@/server/admin/session';
import { CsrfField } from './csrf-field';

/**
 * The frame of every signed-in inbox page: the operator check (a redirect to sign-in that comes back
 * to `path`), the navigation with the current section marked, who is signed in and the sign-out.
 */
export async function AdminPage({
  path,
  section,
  heading,
  children,
}: {
  path: string;
  section: string;
  heading: string;
  children: ReactNode;
}) {
  const { operator, session } = await requireOperator(path);
  return (
    <>
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2"
      >
        {adminCopy.skipToContent}
      </a>
      <header className="border-b border-ink-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-bold text-ink-900">
            {siteConfig.brandName}{' '}
            <span className="font-normal text-ink-600">{adminCopy.brandSuffix}</span>
          </p>
          <nav aria-label={adminCopy.navLabel} className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {adminNav.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    prefetch={false}
                    aria-current={item.href === section ? 'page' : undefined}
                    className="block rounded-full px-3 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <form
            method="post"
            action="/api/admin/sign-out"
            className="ml-auto flex items-center gap-3"
          >
            <CsrfField token={session.csrfToken} />
            <span className="hidden text-sm text-ink-600 md:inline">
              {fill(adminCopy.signedInAs, { email: operator.email })}
            </span>
            <button type="submit" className={buttonClass('secondary', 'sm')}>
              {adminCopy.signOut}
            </button>
          </form>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        <h1 className="text-2xl font-bold text-ink-900">{heading}</h1>
        {children}
      </main>
    </>
  );
}
