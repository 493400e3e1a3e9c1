'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A labelled region that scrolls sideways when its content is wider than the screen. It is a Tab
 * stop, so keyboard users can scroll it, only while it has something to scroll; before (and
 * without) scripts it always is, since only the browser knows whether it overflows.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const region = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={region}
      className={className}
      role="region"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}
