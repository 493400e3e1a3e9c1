'use client';

import Link from 'next/link';
import { Menu, X } from 'lucide-react';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { SectionLink as SectionLinkItem } from '@/content/nav';
import { buttonClass } from '@/components/ui/button-styles';
import { SectionLink } from './section-link';
import { uiCopy } from '@/content/ui';

/**
 * The mobile menu (docs/product.md section 3.3) on the Popover API, so it works before hydration
 * and without scripts; the toggle's icon and name follow the panel in CSS. Hydration adds
 * aria-expanded, focus back after a click outside, and closing when a link is chosen.
 */
export function MobileMenu({
  links,
  getStarted,
}: {
  links: readonly SectionLinkItem[];
  /** `prefetch` comes from the server so the route registry stays out of the bundle. */
  getStarted: { href: string; prefetch: boolean };
}) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closedByLink = useRef(false);

  const subscribe = useCallback((onChange: () => void) => {
    const panel = panelRef.current;
    if (!panel) return () => {};
    const onToggle = (event: Event) => {
      onChange();
      if ((event as ToggleEvent).newState !== 'closed') return;
      const byLink = closedByLink.current;
      closedByLink.current = false;
      // The platform returns focus on Escape but not on a click outside, which focuses <body> or a
      // tabIndex -1 container such as <main>. A link moves focus on purpose.
      const active = document.activeElement as HTMLElement | null;
      if (
        !byLink &&
        (!active || active === document.body || active.tabIndex < 0 || panel.contains(active))
      )
        toggleRef.current?.focus();
    };
    panel.addEventListener('toggle', onToggle);
    return () => panel.removeEventListener('toggle', onToggle);
  }, []);
  // null in the HTML and during hydration: no aria-expanded until it can be kept true (the platform
  // exposes a popover toggle's state itself); then the panel's state, which may already be open.
  const open = useSyncExternalStore(
    subscribe,
    () => panelRef.current?.matches(':popover-open') ?? false,
    () => null,
  );

  const close = () => {
    const panel = panelRef.current;
    if (!panel?.matches(':popover-open')) return;
    closedByLink.current = true;
    panel.hidePopover();
  };
  const itemClass =
    'block rounded-lg px-3 py-3 text-base font-medium text-ink-800 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600';

  return (
    <div className="group/menu md:hidden">
      <button
        ref={toggleRef}
        type="button"
        popoverTarget="mobile-menu"
        aria-expanded={open ?? undefined}
        aria-controls="mobile-menu"
        className="grid size-11 place-items-center rounded-full text-ink-800 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {/* Only the shown label is in the name; class names are whole for Tailwind. */}
        <span className="col-start-1 row-start-1 group-has-[#mobile-menu:popover-open]/menu:hidden">
          <Menu aria-hidden="true" className="size-6" />
          <span className="sr-only">{uiCopy.openMenu}</span>
        </span>
        <span className="col-start-1 row-start-1 hidden group-has-[#mobile-menu:popover-open]/menu:block">
          <X aria-hidden="true" className="size-6" />
          <span className="sr-only">{uiCopy.closeMenu}</span>
        </span>
      </button>
      {/* In the top layer the panel is placed against the viewport, under the fixed header. */}
      <div
        ref={panelRef}
        id="mobile-menu"
        popover="auto"
        className="fixed inset-x-0 top-(--sticky-offset) bottom-auto m-0 h-auto max-h-[calc(100dvh-var(--sticky-offset))] w-auto overflow-y-auto border-0 border-b border-ink-200 bg-white px-4 pb-4 pt-2 text-ink-900 shadow-lg md:hidden"
      >
        <nav aria-label={uiCopy.mobileNavigation}>
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.id}>
                <SectionLink id={link.id} className={itemClass} onNavigate={close}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <Link
            href={getStarted.href}
            prefetch={getStarted.prefetch ? null : false}
            onClick={close}
            className={buttonClass('primary', 'lg', 'mt-3 w-full')}
          >
            {uiCopy.getStarted}
          </Link>
        </nav>
      </div>
    </div>
  );
}
