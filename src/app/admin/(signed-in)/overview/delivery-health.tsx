import { overviewCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { formatUtc } from '@/lib/utc-time';
import { bodyCell as cell, ColumnHeads, ScrollTable } from '@/components/admin/scroll-table';
import type { TermRow } from '@/components/admin/term-list';
import type { JobCounts, PathHealth } from '@/server/outbox/delivery-health';

/** The overview's delivery health (src/server/outbox/delivery-health.ts) in words and tables. */

const wraps = '[overflow-wrap:anywhere]';

/** A path's state: off with what to do, not tried yet, or working or failing since when. */
function pathStatus(path: PathHealth): string {
  if (path.status === 'off') return path.hint ?? '';
  if (path.status === 'untried') return overviewCopy.status.untried;
  return fill(overviewCopy.status[path.status], { since: formatUtc(path.since) });
}

/** A path's last error in words, with when it happened. */
function pathError(path: PathHealth): string {
  return path.lastError
    ? fill(overviewCopy.errorAt, { error: path.lastError, when: formatUtc(path.lastErrorAt) })
    : overviewCopy.noError;
}

/** A shared path's rows on the overview: its state, its last success and its last error. */
export function pathRows(what: string, path: PathHealth): TermRow[] {
  return [
    [what, pathStatus(path)],
    [overviewCopy.lastSuccess, formatUtc(path.lastSuccessAt) || overviewCopy.never],
    [overviewCopy.lastError, pathError(path)],
  ];
}

/** One form's delivery health: a row per channel, the path's state beside the form's own counts. */
export function FormHealthTable({
  formName,
  rows,
}: {
  formName: string;
  rows: Array<{ channel: string; path: PathHealth; counts: JobCounts }>;
}) {
  return (
    <ScrollTable
      caption={fill(overviewCopy.formCaption, { form: formName })}
      minWidth="min-w-[48rem]"
      className="mt-2"
      columns={<ColumnHeads labels={Object.values(overviewCopy.columns)} />}
    >
      {rows.map(({ channel, path, counts }) => (
        <tr key={channel} className="border-t border-ink-200 align-top">
          <th scope="row" className={`${cell} font-medium`}>
            {channel}
          </th>
          <td className={`${cell} max-w-[16rem] ${wraps}`}>{pathStatus(path)}</td>
          <td className={`${cell} whitespace-nowrap`}>
            {counts.lastDelivered ? formatUtc(counts.lastDelivered) : overviewCopy.never}
          </td>
          <td className={`${cell} max-w-[18rem] ${wraps}`}>{pathError(path)}</td>
          <td className={cell}>{counts.pending}</td>
          <td className={cell}>{counts.failed}</td>
          <td className={cell}>{counts.skipped}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** Channels' counts as one (a form's emails: the agency's, the visitor's, alerts on its leads). */
export function combinedCounts(all: JobCounts[]): JobCounts {
  return all.reduce(
    (sum, each) => ({
      pending: sum.pending + each.pending,
      failed: sum.failed + each.failed,
      skipped: sum.skipped + each.skipped,
      lastDelivered:
        !sum.lastDelivered || (each.lastDelivered && each.lastDelivered > sum.lastDelivered)
          ? each.lastDelivered
          : sum.lastDelivered,
    }),
    { pending: 0, failed: 0, skipped: 0, lastDelivered: null },
  );
}
