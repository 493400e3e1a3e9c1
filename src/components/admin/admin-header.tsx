import { siteConfig } from '@/config/site';
import { adminCopy, adminNav } from '@/content/admin';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from './action-form';

type Props = {
  email: string;
  /** Accepted leads nobody has opened yet, counted up to `unopenedCap`. */
  unopened: number;
  unopenedCap: number;
  /** The path shown, to mark its section in the navigation. */
  path: string;
  signOut: (formData: FormData) => Promise<void>;
};

/**
 * The signed-in inbox's header: the skip link, the sections (plain links: every page renders in full,
 * so the count of unopened leads is always current), who is signed in and the sign-out.
 */
export function AdminHeader({ email, unopened, unopenedCap, path, signOut }: Props) {
  const pathname = path.split(/[?#]/)[0]!;
  const section = adminNav
    .map((item) => item.href as string)
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
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
                  <a
                    href={item.href}
                    aria-current={item.href === section ? 'page' : undefined}
                    className="block rounded-full px-3 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 forced-colors:aria-[current=page]:underline"
                  >
                    {item.label}
                    {item.href === '/admin' && unopened > 0 && ' '}
                    {item.href === '/admin' && unopened > 0 && (
                      <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                        {fill(
                          unopened >= unopenedCap ? adminCopy.manyUnopened : adminCopy.unopened,
                          {
                            count: Math.min(unopened, unopenedCap).toLocaleString('en-US'),
                          },
                        )}
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ActionForm action={signOut} className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-ink-600 md:inline">
              {fill(adminCopy.signedInAs, { email })}
            </span>
            <button type="submit" className={buttonClass('secondary', 'sm')}>
              {adminCopy.signOut}
            </button>
          </ActionForm>
        </div>
      </header>
    </>
  );
}
