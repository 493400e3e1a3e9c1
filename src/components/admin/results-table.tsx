import { overviewCopy } from '@/content/admin';
import { formatDuration, visible } from './format';
import { bodyCell as cell, headCell as head, ScrollTable } from './scroll-table';

type ResultsRow = {
  value: string;
  leads: number;
  qualified: number;
  won: number;
  medianResponseSeconds: number | null;
};

/** One results table of the overview: per source, campaign or landing page, what became of the leads. */
export function ResultsTable({
  caption,
  column,
  rows,
  empty,
}: {
  caption: string;
  column: string;
  rows: ResultsRow[];
  /** What a row with no value stands for: no campaign, a page not recorded. */
  empty: string;
}) {
  if (rows.length === 0)
    return <p className="mt-2 text-sm text-ink-700">{overviewCopy.noResults}</p>;
  return (
    <ScrollTable
      caption={caption}
      minWidth="min-w-[36rem]"
      className="mt-2"
      columns={[
        column,
        overviewCopy.leads,
        overviewCopy.qualified,
        overviewCopy.won,
        overviewCopy.medianResponse,
      ].map((label) => (
        <th key={label} scope="col" className={head}>
          {label}
        </th>
      ))}
    >
      {rows.map((row) => (
        <tr key={row.value} className="border-t border-ink-200">
          <th scope="row" className={`${cell} max-w-[16rem] font-medium [overflow-wrap:anywhere]`}>
            {row.value === '' ? empty : visible(row.value)}
          </th>
          <td className={cell}>{row.leads.toLocaleString('en-US')}</td>
          <td className={cell}>{row.qualified.toLocaleString('en-US')}</td>
          <td className={cell}>{row.won.toLocaleString('en-US')}</td>
          <td className={cell}>
            {row.medianResponseSeconds === null
              ? overviewCopy.noResponse
              : formatDuration(row.medianResponseSeconds)}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
