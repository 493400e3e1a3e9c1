'use client';

import { usePathname, useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { scrollToSection, scrollToSectionAfterNavigation } from '@/lib/scroll-to-section';

/** A link to a home-page section (docs/product.md section 3.2); a plain /#id without scripts. */
export function SectionLink({
  id,
  className,
  onNavigate,
  children,
}: {
  id: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const router = useRouter();
  return (
    <a
      href={`/#${id}`}
      className={className}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return; // Let the browser open new tabs and windows as usual.
        }
        event.preventDefault();
        onNavigate?.();
        if (pathname === '/') {
          scrollToSection(id);
        } else {
          router.push('/');
          scrollToSectionAfterNavigation(id);
        }
      }}
    >
      {children}
    </a>
  );
}
