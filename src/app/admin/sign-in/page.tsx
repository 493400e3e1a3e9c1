import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { siteConfig } from '@/config/site';
import { adminCopy, signInCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { param } from '@/components/admin/format';
import { optionalOperator, safeReturnPath } from '@/server/admin/session';

export const metadata: Metadata = { title: signInCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeReturnPath(param(params.next));
  if (await optionalOperator()) redirect(next);
  const error = param(params.error);
  const retryAfter = Number(param(params.retryAfter));
  const minutes = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter / 60) : 15;
  const message = Object.hasOwn(signInCopy.errors, error)
    ? fill(signInCopy.errors[error as keyof typeof signInCopy.errors], { minutes })
    : null;
  const field =
    'mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5 text-base text-ink-900';
  return (
    <main id="admin-main" className="mx-auto max-w-sm px-4 py-16">
      <p className="font-bold text-ink-900">
        {siteConfig.brandName}{' '}
        <span className="font-normal text-ink-600">{adminCopy.brandSuffix}</span>
      </p>
      <h1 className="mt-6 text-2xl font-bold text-ink-900">{signInCopy.heading}</h1>
      <p className="mt-2 text-sm text-ink-700">{signInCopy.intro}</p>
      {param(params.signedOut) === '1' && (
        <p
          role="status"
          className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
        >
          {signInCopy.signedOut}
        </p>
      )}
      {message && (
        <p
          role="alert"
          id="sign-in-error"
          className="mt-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {message}
        </p>
      )}
      <form method="post" action="/api/admin/sign-in" className="mt-6 space-y-5">
        <input type="hidden" name="next" value={next} />
        <div>
          <label htmlFor="email" className="block text-sm font-semibold text-ink-800">
            {signInCopy.email}
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            className={field}
            aria-describedby={message ? 'sign-in-error' : undefined}
          />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-semibold text-ink-800">
            {signInCopy.password}
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={field}
          />
        </div>
        <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
          {signInCopy.submit}
        </button>
      </form>
    </main>
  );
}
