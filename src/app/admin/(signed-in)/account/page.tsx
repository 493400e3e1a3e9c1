import type { Metadata } from 'next';
import { env } from '@/env';
import { accountCopy, adminCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { InputField } from '@/components/admin/fields';
import { Panel } from '@/components/admin/panel';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/server/admin/auth';
import { fieldErrorProps, readFlash } from '@/server/admin/flash';
import { requireOperator } from '@/server/admin/session';
import { signOut } from '../actions';
import { changePassword } from './actions';

export const metadata: Metadata = { title: accountCopy.title };

export default async function AccountPage() {
  const { operator } = await requireOperator();
  const flash = await readFlash();
  const newLabel = fill(accountCopy.newPassword, {
    min: MIN_PASSWORD_LENGTH,
    max: MAX_PASSWORD_LENGTH,
  });
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
        <Panel id="password-heading" heading={accountCopy.passwordHeading}>
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
            {(
              [
                [
                  'current-password',
                  'currentPassword',
                  accountCopy.current,
                  'current-password',
                  ['wrong_password', 'rate_limited'],
                ],
                [
                  'new-password',
                  'newPassword',
                  newLabel,
                  'new-password',
                  ['password_short', 'password_long', 'password_repetitive'],
                ],
                [
                  'confirm-password',
                  'confirmPassword',
                  accountCopy.confirm,
                  'new-password',
                  ['password_mismatch'],
                ],
              ] as const
            ).map(([id, name, label, autoComplete, errors]) => (
              <InputField
                key={id}
                id={id}
                name={name}
                label={label}
                type="password"
                autoComplete={autoComplete}
                required
                minLength={name === 'currentPassword' ? undefined : MIN_PASSWORD_LENGTH}
                maxLength={MAX_PASSWORD_LENGTH}
                {...fieldErrorProps(flash, errors)}
              />
            ))}
            <button type="submit" className={buttonClass('primary', 'md')}>
              {accountCopy.submit}
            </button>
          </ActionForm>
        </Panel>
        <Panel
          id="sign-out-heading"
          heading={accountCopy.signOutHeading}
          intro={accountCopy.signOutIntro}
        >
          <ActionForm action={signOut} className="mt-3">
            <button type="submit" className={buttonClass('secondary', 'md')}>
              {adminCopy.signOut}
            </button>
          </ActionForm>
        </Panel>
      </div>
    </>
  );
}
