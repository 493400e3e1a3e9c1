import type { Metadata } from 'next';
import { auditCopy, stageLabels } from '@/content/admin';
import { fill } from '@/lib/fill';
import { isUuid } from '@/lib/uuid';
import { fullName, visible } from '@/components/admin/format';
import { formatUtc } from '@/lib/utc-time';
import { param } from '@/lib/search-param';
import { Pager } from '@/components/admin/pager';
import { ColumnHeads, ScrollTable } from '@/components/admin/scroll-table';
import { listAudit, type ListedAuditEntry } from '@/server/audit';
import { requireOperator } from '@/server/admin/session';
import { pageNumber } from '@/server/leads/queries';
import { RETENTION_ACTOR } from '@/server/leads/retention';

export const metadata: Metadata = { title: auditCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const stageLabel = (value: unknown) =>
  typeof value === 'string' && Object.hasOwn(stageLabels, value)
    ? stageLabels[value as keyof typeof stageLabels]
    : String(value);

/** An entry's detail: a status change as 'from New to Won', the rest as 'key: value', without the limit's hashes. */
function describe(action: string, detail: Record<string, unknown>): string {
  if (action === 'lead_status_changed')
    return fill(auditCopy.change, { from: stageLabel(detail.from), to: stageLabel(detail.to) });
  return Object.entries(detail)
    .filter(([key]) => key !== 'account' && key !== 'address')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(', ');
}

const actorOf = (actor: string) =>
  actor === 'unknown account'
    ? auditCopy.unknownAccount
    : actor === RETENTION_ACTOR
      ? auditCopy.retention
      : actor;

/** A lead by its name (its id below, for the command line) or as deleted; the rest as written. */
function Target({ target, lead }: Pick<ListedAuditEntry, 'target' | 'lead'>) {
  if (!isUuid(target)) return <span className="break-all">{visible(target)}</span>;
  const id = <span className="block break-all text-xs text-ink-600">{target}</span>;
  if (!lead)
    return (
      <>
        {auditCopy.deletedLead}
        {id}
      </>
    );
  return (
    <>
      <a href={`/admin/leads/${target}`} className="break-words text-brand-700 underline">
        {fullName(lead.fields) || visible(lead.fields.email) || auditCopy.unnamedLead}
      </a>
      {id}
    </>
  );
}

export default async function AuditPage({ searchParams }: Props) {
  await requireOperator();
  const { entries, page, pages } = await listAudit(pageNumber(param((await searchParams).page)));
  return (
    <>
      <h1 className="text-2xl font-bold text-ink-900">{auditCopy.heading}</h1>
      {entries.length === 0 ? (
        <p className="mt-4">{auditCopy.empty}</p>
      ) : (
        <ScrollTable
          caption={auditCopy.caption}
          minWidth="min-w-[40rem]"
          className="mt-4 rounded-xl border border-ink-200 bg-white"
          columns={<ColumnHeads labels={Object.values(auditCopy.columns)} />}
        >
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-ink-200">
              <td className="whitespace-nowrap px-3 py-2">
                {formatUtc(entry.at, { seconds: true })}
              </td>
              <td className="break-words px-3 py-2">{actorOf(entry.actor)}</td>
              <td className="px-3 py-2">
                {auditCopy.actions[entry.action as keyof typeof auditCopy.actions] ?? entry.action}
              </td>
              <td className="px-3 py-2">
                <Target target={entry.target} lead={entry.lead} />
              </td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">
                {visible(describe(entry.action, entry.detail))}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 && (
        <Pager
          label={auditCopy.pages}
          previous={
            page > 1 ? { href: `/admin/audit?page=${page - 1}`, text: auditCopy.newer } : null
          }
          next={
            page < pages ? { href: `/admin/audit?page=${page + 1}`, text: auditCopy.older } : null
          }
        />
      )}
    </>
  );
}
