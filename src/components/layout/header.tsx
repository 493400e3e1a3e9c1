import { AppLink } from '@/components/ui/app-link';
import { getStartedHref, sectionLinks } from '@/content/nav';
import { isRoutePath } from '@/content/routes';
import { buttonClass } from '@/components/ui/button-styles';
import { HeaderShell } from './header-shell';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SectionLink } from './section-link';
import { uiCopy } from '@/content/ui';

export function Header({ brandName }: { brandName: string }) {
  return (
    <HeaderShell>
      <div className="relative mx-auto flex h-(--header-h) max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo brandName={brandName} />
        {/*
          Links follow the logo and Get Started is pushed to the far end, so no item is placed by
          one after it: Chromium may paint a half-parsed header, where right-aligned links would
          slide.
        */}
        <nav
          aria-label={uiCopy.mainNavigation}
          className="hidden h-full flex-1 items-center gap-1 md:ml-4 md:flex"
        >
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <SectionLink
                  id={link.id}
                  className="rounded-full px-3 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-3 focus-visible:outline-brand-600"
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <AppLink href={getStartedHref} className={buttonClass('primary', 'md', 'ml-auto')}>
            {uiCopy.getStarted}
          </AppLink>
        </nav>
        <MobileMenu
          links={sectionLinks}
          getStarted={{ href: getStartedHref, prefetch: isRoutePath(getStartedHref) }}
        />
      </div>
    </HeaderShell>
  );
}
