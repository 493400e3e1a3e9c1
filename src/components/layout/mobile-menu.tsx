'use client';

import Link from 'next/link';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SectionLink as SectionLinkItem } from '@/content/nav';
import { buttonClass } from '@/components/ui/button-styles';
import { SectionLink } from './section-link';
import { uiCopy } from '@/content/ui';

/**
 * The navigation below the md breakpoint: a disclosure button (aria-expanded)
 * and a panel. Escape or a click outside closes it and returns focus to the
 * toggle; choosing a link closes it.
 */
export function MobileMenu({
  links,
  getStarted,
}: {
  links: readonly SectionLinkItem[];
  /** `prefetch` comes from the server so the route registry stays out of the bundle. */
  getStarted: { href: string; prefetch: boolean };
}) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeAndRefocus = () => {
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeAndRefocus();
    };
    // 'click' rather than 'pointerdown': by then the browser has moved focus to
    // whatever was clicked, so focus goes back to the toggle unless the click
    // landed on a control that keyboard users could have tabbed to themselves.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
      // Clicking plain content focuses <body> or a tabIndex -1 container such as <main>.
      const active = document.activeElement as HTMLElement | null;
      if (!active || active.tabIndex < 0 || active === document.body || panelRef.current?.contains(active)) {
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const close = () => setOpen(false);
  const itemClass = 'block rounded-lg px-3 py-3 text-base font-medium text-ink-800 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600';

  return (
    <div className="md:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? uiCopy.closeMenu : uiCopy.openMenu}
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full text-ink-800 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <div ref={panelRef} id="mobile-menu" hidden={!open} className="absolute inset-x-0 top-full border-b border-ink-200 bg-white px-4 pb-4 pt-2 shadow-lg">
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={link.id}>
                <SectionLink id={link.id} className={itemClass} onNavigate={close}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <Link href={getStarted.href} prefetch={getStarted.prefetch ? null : false} onClick={close} className={buttonClass('primary', 'lg', 'mt-3 w-full')}>
            {uiCopy.getStarted}
          </Link>
        </nav>
      </div>
    </div>
  );
}
