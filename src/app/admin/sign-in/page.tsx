import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { siteConfig } from '@/config/site';
import { adminCopy, signInCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { InputField } from '@/components/admin/fields';
import { FlashMessage } from '@/components/admin/flash-message';
import { param } from '@/lib/search-param';
import { readFlash } from '@/server/admin/flash';
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
      ? { id: 'expired', values: {}, tone: 'error' as const, text: signInCopy.expired }
      : null);
  const email = flash?.values.email;
  return (
    <main id="admin-main" className="mx-auto max-w-sm px-4 py-16">
      <p className="font-bold text-ink-900">
        {siteConfig.brandName}{' '}
        <span className="font-normal text-ink-600">{adminCopy.brandSuffix}</span>
      </p>
      <h1 className="mt-6 text-2xl font-bold text-ink-900">{signInCopy.heading}</h1>
      <p className="mt-2 text-sm text-ink-700">{signInCopy.intro}</p>
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
        />
        <InputField
          id="password"
          label={signInCopy.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
          {signInCopy.submit}
        </button>
      </form>
    </main>
  );
}
