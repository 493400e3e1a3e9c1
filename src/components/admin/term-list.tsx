/**
 * Terms beside their values from the sm breakpoint, one under the other below it. `columns` is
 * the grid's Tailwind class, so each list sets how wide its terms are.
 */
export function TermList({
  rows,
  columns,
  className = '',
}: {
  rows: ReadonlyArray<readonly [string, string]>;
  columns: string;
  className?: string;
}) {
  return (
    <dl className={`grid gap-x-4 gap-y-1 text-sm ${columns} ${className}`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-ink-800">{term}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
