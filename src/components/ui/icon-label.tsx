import type { ComponentType, ReactNode } from 'react';

/**
 * A label with an icon, laid out so neither moves if the browser paints before the other is parsed:
 * the text comes first and the icon sits in space the padding reserves (tests/e2e/partial-paint).
 */
export function IconLabel({
  icon: Icon,
  side,
  children,
}: {
  icon: ComponentType<{ 'aria-hidden'?: 'true'; className?: string }>;
  side: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <span className={`relative ${side === 'start' ? 'pl-7' : 'pr-7'}`}>
      {children}
      <Icon
        aria-hidden="true"
        className={`absolute top-1/2 size-5 -translate-y-1/2 ${side === 'start' ? 'left-0' : 'right-0'}`}
      />
    </span>
  );
}
