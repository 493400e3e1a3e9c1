import type { Metadata } from 'next';
import { env } from '@/env';
import { accountCopy, adminCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { AdminPage } from '@/components/admin/admin-page';
import { CsrfField } from '@/components/admin/csrf-field';
import { NoticeBanner } from '@/components/admin/notice-banner';
import { MIN_PASSWORD_LENGTH } from '@/server/admin/auth';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: accountCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const field = 'mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5';
const label = 'block text-sm font-semibold text-ink-800';

export default async function AccountPage({ searchParams }: Props) {
  const { operator, session } = await requireOperator('/admin/account');
  return (
    <AdminPage path="/admin/account" section="/admin/account" heading={accountCopy.heading}>
      <div className="mt-4 max-w-xl space-y-6">
        <NoticeBanner searchParams={await searchParams} />
        <p className="text-ink-700">
          {fill(adminCopy.signedInAs, { email: operator.email })}.{' '}
          {fill(accountCopy.session, {
            idle: env.ADMIN_SESSION_IDLE_MINUTES,
            max: env.ADMIN_SESSION_MAX_HOURS,
          })}
        </p>
        <section
          aria-labelledby="password-heading"
          className="rounded-xl border border-ink-200 bg-white p-4"
        >
          <h2 id="password-heading" className="text-lg font-bold">
            {accountCopy.passwordHeading}
          </h2>
          <form method="post" action="/api/admin/password" className="mt-3 space-y-4">
            <CsrfField token={session.csrfToken} />
            {/* Lets password managers match the change to this account. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={operator.email}
              readOnly
              hidden
            />
            <div>
              <label htmlFor="current-password" className={label}>
                {accountCopy.current}
              </label>
              <input
                id="current-password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                className={field}
              />
            </div>
            <div>
              <label htmlFor="new-password" className={label}>
                {fill(accountCopy.newPassword, { min: MIN_PASSWORD_LENGTH })}
              </label>
              <input
                id="new-password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                required
                className={field}
              />
            </div>
            <div>
              <label htmlFor="confirm-password" className={label}>
                {accountCopy.confirm}
              </label>
              <input
                id="confirm-password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                required
                className={field}
              />
            </div>
            <button type="submit" className={buttonClass('primary', 'md')}>
              {accountCopy.submit}
            </button>
          </form>
        </section>
        <section
          aria-labelledby="sign-out-heading"
          className="rounded-xl border border-ink-200 bg-white p-4"
        >
          <h2 id="sign-out-heading" className="text-lg font-bold">
            {accountCopy.signOutHeading}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{accountCopy.signOutIntro}</p>
          <form method="post" action="/api/admin/sign-out" className="mt-3">
            <CsrfField token={session.csrfToken} />
            <button type="submit" className={buttonClass('secondary', 'md')}>
              {adminCopy.signOut}
            </button>
          </form>
        </section>
      </div>
    </AdminPage>
  );
}
