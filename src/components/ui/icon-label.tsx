import type { ComponentType, ReactNode } from 'react';

/**
 * A button's label with an icon beside it, laid out so that neither moves if the browser paints before the
 * other is parsed: the text comes first in the markup, and the icon sits in space the label's padding
 * reserves. (A full-width button's centred text otherwise slides aside when its icon arrives; see
 * tests/e2e/partial-paint.e2e.ts.)
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
