import { overviewCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { formatUtc } from './format';
import { bodyCell as cell, ColumnHeads, ScrollTable } from './scroll-table';

/** One delivery path's health (src/server/outbox/delivery-health.ts): a form's webhook, email, the chat app. */
export type PathHealthView = {
  status: 'off' | 'untried' | 'working' | 'failing';
  since: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** What to do when it is off ('Email is off: set SMTP_URL ...'). */
  hint: string | null;
};

export type JobCountsView = {
  pending: number;
  failed: number;
  skipped: number;
  lastDelivered: Date | null;
};

const wraps = '[overflow-wrap:anywhere]';

export function pathStatus(path: PathHealthView): string {
  if (path.status === 'off') return path.hint ?? '';
  if (path.status === 'untried') return overviewCopy.status.untried;
  return fill(overviewCopy.status[path.status], { since: formatUtc(path.since) });
}

export function pathError(path: PathHealthView): string {
  return path.lastError
    ? fill(overviewCopy.errorAt, { error: path.lastError, when: formatUtc(path.lastErrorAt) })
    : overviewCopy.noError;
}

/** One form's delivery health: a row per channel, the path's state beside the form's own counts. */
export function FormHealthTable({
  formName,
  rows,
}: {
  formName: string;
  rows: Array<{ channel: string; path: PathHealthView; counts: JobCountsView }>;
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

/** Several channels' counts as one (a form's emails: the agency's, the visitor's, alerts about its leads). */
export function combinedCounts(all: JobCountsView[]): JobCountsView {
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
