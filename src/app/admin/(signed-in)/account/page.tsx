import type { Metadata } from 'next';
import { env } from '@/env';
import { accountCopy, adminCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/server/admin/auth';
import { requireOperator } from '@/server/admin/session';
import { signOut } from '../actions';
import { changePassword } from './actions';

export const metadata: Metadata = { title: accountCopy.title };

const field = 'mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5';
const label = 'block text-sm font-semibold text-ink-800';

function PasswordField({ id, name, text, autoComplete }: Record<string, string>) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={name === 'currentPassword' ? undefined : MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        className={field}
      />
    </div>
  );
}

export default async function AccountPage() {
  const { operator } = await requireOperator();
  return (
    <>
      <h1 className="text-2xl font-bold text-ink-900">{accountCopy.heading}</h1>
      <div className="mt-4 max-w-xl space-y-6">
        <p className="break-words text-ink-700">
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
          <ActionForm action={changePassword} className="mt-3 space-y-4">
            {/* Lets password managers match the change to this account. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={operator.email}
              readOnly
              hidden
            />
            <PasswordField
              id="current-password"
              name="currentPassword"
              text={accountCopy.current}
              autoComplete="current-password"
            />
            <PasswordField
              id="new-password"
              name="newPassword"
              text={fill(accountCopy.newPassword, {
                min: MIN_PASSWORD_LENGTH,
                max: MAX_PASSWORD_LENGTH,
              })}
              autoComplete="new-password"
            />
            <PasswordField
              id="confirm-password"
              name="confirmPassword"
              text={accountCopy.confirm}
              autoComplete="new-password"
            />
            <button type="submit" className={buttonClass('primary', 'md')}>
              {accountCopy.submit}
            </button>
          </ActionForm>
        </section>
        <section
          aria-labelledby="sign-out-heading"
          className="rounded-xl border border-ink-200 bg-white p-4"
        >
          <h2 id="sign-out-heading" className="text-lg font-bold">
            {accountCopy.signOutHeading}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{accountCopy.signOutIntro}</p>
          <ActionForm action={signOut} className="mt-3">
            <button type="submit" className={buttonClass('secondary', 'md')}>
              {adminCopy.signOut}
            </button>
          </ActionForm>
        </section>
      </div>
    </>
  );
}
