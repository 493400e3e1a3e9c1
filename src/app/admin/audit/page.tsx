import type { Metadata } from 'next';
import Link from 'next/link';
import { auditCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { AdminPage } from '@/components/admin/admin-page';
import { formatUtc, param } from '@/components/admin/format';
import { ColumnHeads, ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import { AUDIT_PAGE_SIZE, listAudit } from '@/server/admin/audit';

export const metadata: Metadata = { title: auditCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** An entry's detail without the keys only the rate limit uses. */
function describe(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([key]) => key !== 'account' && key !== 'address')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(', ');
}

export default async function AuditPage({ searchParams }: Props) {
  await requireOperator('/admin/audit');
  const page = Math.max(1, Number.parseInt(param((await searchParams).page), 10) || 1);
  const { entries, total } = await listAudit(page);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  return (
    <AdminPage path="/admin/audit" section="/admin/audit" heading={auditCopy.heading}>
      {entries.length === 0 ? (
        <p className="mt-4">{auditCopy.empty}</p>
      ) : (
        <ScrollTable
          caption={auditCopy.caption}
          minWidth="min-w-[40rem]"
          className="mt-4  rounded-xl border border-ink-200 bg-white"
          columns={<ColumnHeads labels={Object.values(auditCopy.columns)} />}
        >
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-ink-200">
              <td className="whitespace-nowrap px-3 py-2">
                {formatUtc(entry.at, { seconds: true })}
              </td>
              <td className="break-all px-3 py-2">
                {entry.actor === 'unknown account' ? auditCopy.unknownAccount : entry.actor}
              </td>
              <td className="px-3 py-2">
                {auditCopy.actions[entry.action as keyof typeof auditCopy.actions] ?? entry.action}
              </td>
              <td className="break-all px-3 py-2">
                {entry.target && /^[0-9a-f-]{36}$/.test(entry.target) ? (
                  <Link
                    href={`/admin/leads/${entry.target}`}
                    prefetch={false}
                    className="text-brand-700 underline"
                  >
                    {entry.target}
                  </Link>
                ) : (
                  entry.target
                )}
              </td>
              <td className="px-3 py-2">{describe(entry.detail)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 && (
        <nav aria-label="Audit log pages" className="mt-4 flex gap-3">
          {page > 1 && (
            <Link
              href={`/admin/audit?page=${page - 1}`}
              prefetch={false}
              className={buttonClass('secondary', 'sm')}
            >
              Newer
            </Link>
          )}
          {page < pages && (
            <Link
              href={`/admin/audit?page=${page + 1}`}
              prefetch={false}
              className={buttonClass('secondary', 'sm')}
            >
              Older
            </Link>
          )}
        </nav>
      )}
    </AdminPage>
  );
}
