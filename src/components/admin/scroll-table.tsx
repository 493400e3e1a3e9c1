import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export const headCell = 'px-3 py-2 font-semibold';
export const bodyCell = 'px-3 py-2';

type Props = {
  /** Names the table (sr-only caption) and the scrolling region around it. */
  caption: string;
  /** The header row's cells: <ColumnHeads> or hand-made <th scope="col">. */
  columns: ReactNode;
  /** A Tailwind min-width class (min-w-[40rem] and the like): below it the region scrolls sideways (320 px screens). */
  minWidth: string;
  className?: string;
  children: ReactNode;
};

/** An inbox data table in a region that keyboard users can scroll on a narrow screen. */
export function ScrollTable({ caption, columns, minWidth, className = '', children }: Props) {
  return (
    // relative: the sr-only caption and cells stay inside the clipping box (axe: scrollable-region-focusable).
    <ScrollRegion label={caption} className={`relative overflow-x-auto ${className}`}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-100">
          <tr>{columns}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return labels.map((label) => (
    <th key={label} scope="col" className={headCell}>
      {label}
    </th>
  ));
}
