import { channelLabels, deliveryLabels, leadCopy } from '@/content/admin';
import { fill } from '@/lib/fill';
import { visible } from '@/components/admin/format';
import { formatUtc } from '@/lib/utc-time';
import { ColumnHeads, ScrollTable } from '@/components/admin/scroll-table';
import { TermList } from '@/components/admin/term-list';
import type { LeadJob } from '@/server/outbox/lead-jobs';

// A reply or an address may be one long unbroken string: it wraps rather than widen the page.
const wraps = 'min-w-0 [overflow-wrap:anywhere]';

/** Each job's name on the page ('Email to the agency (ops@...)'), numbered if two read alike. */
function jobNames(jobs: LeadJob[]): string[] {
  const names = jobs.map((job) =>
    job.recipient
      ? fill(leadCopy.jobTo, { channel: channelLabels[job.channel], to: visible(job.recipient) })
      : channelLabels[job.channel],
  );
  return names.map((name, index) =>
    names.indexOf(name) === names.lastIndexOf(name)
      ? name
      : `${name} (${names.slice(0, index + 1).filter((each) => each === name).length})`,
  );
}

/** Every outbox job of a lead, one shape for all channels: its state, then each attempt. */
export function LeadJobs({ jobs }: { jobs: LeadJob[] }) {
  const names = jobNames(jobs);
  return jobs.map((job, index) => (
    <div key={job.id} className="mt-5 border-t border-ink-200 pt-4">
      <h3 className={`font-bold ${wraps}`}>{names[index]}</h3>
      <TermList
        className="mt-2"
        rows={[
          [leadCopy.status, deliveryLabels[job.status]],
          job.channel === 'webhook' && [leadCopy.webhook, job.webhookUrl ?? leadCopy.none],
          // Attempts made, as listed below: 'Deliver skipped' restarts the retry schedule's count.
          [leadCopy.attempts, job.history.length],
          job.nextAttemptAt &&
            job.status === 'pending' && [
              leadCopy.nextAttempt,
              formatUtc(job.nextAttemptAt, { seconds: true }),
            ],
          job.deliveredAt && [leadCopy.deliveredAt, formatUtc(job.deliveredAt, { seconds: true })],
          !!job.lastError && [leadCopy.lastError, job.lastError],
        ]}
      />
      {job.history.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">{leadCopy.noAttempts}</p>
      ) : (
        <ScrollTable
          caption={fill(leadCopy.attemptsCaption, { job: names[index]! })}
          minWidth="min-w-[40rem]"
          className="mt-3"
          columns={<ColumnHeads labels={Object.values(leadCopy.attemptColumns)} />}
        >
          {job.history.map((attempt, number) => (
            <tr key={attempt.id} className="border-t border-ink-200 align-top">
              <td className="px-3 py-2">{number + 1}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {formatUtc(attempt.startedAt, { seconds: true })}
              </td>
              <td className={`max-w-[16rem] px-3 py-2 ${wraps}`}>
                {attempt.httpStatus ?? attempt.reply ?? '-'}
              </td>
              <td className="px-3 py-2">{attempt.durationMs}</td>
              <td className={`max-w-[20rem] px-3 py-2 ${wraps}`}>{attempt.error ?? ''}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  ));
}
