'use client';

import { useEffect, useState, type ReactNode } from 'react';

/** Scroll distance (px) beyond which the header turns solid (docs/product.md section 3.2). */
const HEADER_SCROLL_THRESHOLD = 50;

/** The fixed header's frame: translucent and blurred at the top, solid once scrolled. */
export function HeaderShell({ children }: { children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    update(); // A reload can land mid-page.
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <header
      data-site-header
      data-scrolled={scrolled}
      className="fixed inset-x-0 top-(--bar-h) z-40 border-b border-transparent bg-white/75 backdrop-blur-md transition-[background-color,box-shadow] duration-200 motion-reduce:transition-none data-[scrolled=true]:border-ink-200 data-[scrolled=true]:bg-white data-[scrolled=true]:shadow-md data-[scrolled=true]:backdrop-blur-none"
    >
      {children}
    </header>
  );
}
