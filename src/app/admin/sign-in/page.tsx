import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { signInCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { InputField } from '@/components/admin/fields';
import { FlashMessage } from '@/components/admin/flash-message';
import { StandalonePage } from '@/components/admin/standalone-page';
import { param } from '@/lib/search-param';
import { fieldErrorProps, readFlash } from '@/server/admin/flash';
import { hasSessionCookie, pageOperator, safeReturnPath } from '@/server/admin/session';
import { signInWithPassword } from './actions';

export const metadata: Metadata = { title: signInCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const next = safeReturnPath(param((await searchParams).next));
  if (await pageOperator()) redirect(next);
  // A session cookie that no longer opens a session: it expired, or was signed out elsewhere.
  const flash =
    (await readFlash()) ??
    ((await hasSessionCookie())
      ? {
          id: 'expired',
          code: 'expired' as const,
          values: {},
          tone: 'error' as const,
          text: signInCopy.expired,
        }
      : null);
  const email = flash?.values.email;
  // Both fields are what a wrong sign-in is about: the message does not say which was wrong.
  const wrong = fieldErrorProps(flash, ['invalid_credentials', 'rate_limited'])['aria-invalid'];
  return (
    <StandalonePage heading={signInCopy.heading} intro={signInCopy.intro}>
      {flash && (
        <div className="mt-6" id="sign-in-message">
          <FlashMessage key={flash.id} flash={flash} />
        </div>
      )}
      <form action={signInWithPassword} className="mt-6 space-y-5">
        <input type="hidden" name="next" value={next} />
        <InputField
          key={flash?.id}
          id="email"
          defaultValue={typeof email === 'string' ? email : undefined}
          label={signInCopy.email}
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={320}
          aria-describedby={flash ? 'sign-in-message' : undefined}
          aria-invalid={wrong}
        />
        <InputField
          id="password"
          label={signInCopy.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-describedby={flash ? 'sign-in-message' : undefined}
          aria-invalid={wrong}
        />
        <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
          {signInCopy.submit}
        </button>
      </form>
    </StandalonePage>
  );
}
