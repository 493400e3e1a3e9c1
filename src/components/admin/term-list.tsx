import type { ReactNode } from 'react';

/** One row: a term and its value; false or null leaves the row out. */
export type TermRow = readonly [term: string, value: ReactNode] | false | null;

/**
 * Terms beside their values from the sm breakpoint, one under the other below it. `columns` is
 * the grid's Tailwind class, so each list sets how wide its terms are. A value may be one long
 * unbroken string (a visitor's address, a server's reply): it wraps rather than widen the page.
 */
export function TermList({
  rows,
  columns = 'sm:grid-cols-[12rem_minmax(0,1fr)]',
  className = '',
  valueClassName = '',
}: {
  rows: ReadonlyArray<TermRow>;
  columns?: string;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <dl className={`grid gap-x-4 gap-y-1 text-sm ${columns} ${className}`}>
      {rows.map(
        (row) =>
          row && (
            <div key={row[0]} className="contents">
              <dt className="font-semibold text-ink-800">{row[0]}</dt>
              <dd className={`min-w-0 [overflow-wrap:anywhere] ${valueClassName}`}>{row[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
