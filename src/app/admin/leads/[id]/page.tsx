import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { deliveryLabels, formNames, leadCopy } from '@/content/admin';
import { fieldCopy } from '@/content/forms';
import { fill } from '@/lib/fill';
import { buttonClass } from '@/components/ui/button-styles';
import { AdminPage } from '@/components/admin/admin-page';
import { CsrfField } from '@/components/admin/csrf-field';
import { formatUtc, fullName } from '@/components/admin/format';
import { NoticeBanner } from '@/components/admin/notice-banner';
import { ColumnHeads, ScrollTable } from '@/components/admin/scroll-table';
import { requireOperator } from '@/server/admin/session';
import { showLead } from '@/server/leads/queries';

export const metadata: Metadata = { title: leadCopy.title };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

function Facts({ label, rows }: { label: string; rows: Array<[string, ReactNode]> }) {
  return (
    <section
      aria-labelledby={`${label}-heading`.replace(/\W+/g, '-')}
      className="rounded-xl border border-ink-200 bg-white p-4"
    >
      <h2 id={`${label}-heading`.replace(/\W+/g, '-')} className="text-lg font-bold">
        {label}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">{leadCopy.none}</p>
      ) : (
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-ink-800">{term}</dt>
              <dd className="whitespace-pre-wrap break-words text-ink-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default async function LeadPage({ params, searchParams }: Props) {
  const { id } = await params;
  const path = `/admin/leads/${encodeURIComponent(id)}`;
  const { session } = await requireOperator(path);
  const shown = await showLead(id);
  const notices = await searchParams;
  if (!shown) {
    return (
      <AdminPage path={path} section="/admin" heading={leadCopy.title}>
        <div className="mt-4 space-y-4">
          <NoticeBanner searchParams={notices} />
          <p>{leadCopy.notFound}</p>
          <Link href="/admin" prefetch={false} className={buttonClass('secondary', 'sm')}>
            {leadCopy.back}
          </Link>
        </div>
      </AdminPage>
    );
  }
  const { lead, deliveries, attempts } = shown;
  const delivery = deliveries[0];
  const fieldRows = Object.entries(lead.fields)
    .filter(([, value]) => value !== '')
    .map(([name, value]): [string, ReactNode] => [
      fieldCopy[name as keyof typeof fieldCopy]?.label ?? name,
      value,
    ]);
  const attribution = lead.attribution as Record<string, string | number | undefined>;
  const attributionRows = Object.entries(leadCopy.attributionLabels)
    .filter(([key]) => attribution[key] !== undefined && attribution[key] !== '')
    .map(([key, label]): [string, ReactNode] => [label, String(attribution[key])]);
  const action = (
    name: string,
    label: string,
    extra: ReactNode = null,
    variant: 'primary' | 'secondary' = 'secondary',
  ) => (
    <form method="post" action={`/api/admin/leads/${lead.id}/${name}`}>
      <CsrfField token={session.csrfToken} />
      {extra}
      <button type="submit" className={buttonClass(variant, 'sm')}>
        {label}
      </button>
    </form>
  );

  return (
    <AdminPage
      path={path}
      section="/admin"
      heading={fullName(lead.fields) || lead.fields.email || leadCopy.title}
    >
      <p className="mt-1 text-sm text-ink-700">
        {fill(leadCopy.received, { when: formatUtc(lead.createdAt), form: formNames[lead.form] })}{' '}
        {leadCopy.leadStatus[lead.status]}.
      </p>
      <div className="mt-4 space-y-4">
        <NoticeBanner searchParams={notices} />
        <section
          aria-labelledby="actions-heading"
          className="rounded-xl border border-ink-200 bg-white p-4"
        >
          <h2 id="actions-heading" className="text-lg font-bold">
            {leadCopy.actions}
          </h2>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            {lead.status === 'accepted' && action('resend', leadCopy.resend, null, 'primary')}
            {lead.status === 'accepted'
              ? action('spam', leadCopy.markSpam, <input type="hidden" name="spam" value="1" />)
              : action(
                  'spam',
                  leadCopy.markNotSpam,
                  <input type="hidden" name="spam" value="0" />,
                  'primary',
                )}
            <details className="rounded-lg border border-red-200 px-3 py-2">
              <summary className="cursor-pointer text-sm font-semibold text-red-800">
                {leadCopy.delete}
              </summary>
              <form method="post" action={`/api/admin/leads/${lead.id}/delete`} className="mt-2">
                <CsrfField token={session.csrfToken} />
                <input type="hidden" name="confirm" value="yes" />
                <button
                  type="submit"
                  className="rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                >
                  {leadCopy.deleteConfirm}
                </button>
              </form>
            </details>
          </div>
        </section>
        <Facts label={leadCopy.fields} rows={fieldRows} />
        <Facts label={leadCopy.attribution} rows={attributionRows} />
        <section
          aria-labelledby="delivery-heading"
          className="rounded-xl border border-ink-200 bg-white p-4"
        >
          <h2 id="delivery-heading" className="text-lg font-bold">
            {leadCopy.delivery}
          </h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold text-ink-800">{leadCopy.idempotencyKey}</dt>
            <dd className="break-all font-mono">{lead.id}</dd>
            {delivery && (
              <>
                <dt className="font-semibold text-ink-800">{leadCopy.status}</dt>
                <dd>{deliveryLabels[delivery.status]}</dd>
                <dt className="font-semibold text-ink-800">{leadCopy.webhook}</dt>
                <dd className="break-all">{delivery.webhookUrl ?? leadCopy.none}</dd>
                <dt className="font-semibold text-ink-800">{leadCopy.attempts}</dt>
                <dd>{delivery.attempts}</dd>
                {delivery.nextAttemptAt && delivery.status === 'pending' && (
                  <>
                    <dt className="font-semibold text-ink-800">{leadCopy.nextAttempt}</dt>
                    <dd>{formatUtc(delivery.nextAttemptAt)}</dd>
                  </>
                )}
                {delivery.deliveredAt && (
                  <>
                    <dt className="font-semibold text-ink-800">{leadCopy.deliveredAt}</dt>
                    <dd>{formatUtc(delivery.deliveredAt)}</dd>
                  </>
                )}
                {delivery.lastError && (
                  <>
                    <dt className="font-semibold text-ink-800">{leadCopy.lastError}</dt>
                    <dd className="break-words">{delivery.lastError}</dd>
                  </>
                )}
              </>
            )}
          </dl>
          {!delivery && <p className="mt-3 text-sm">{leadCopy.noDelivery}</p>}
          {attempts.length === 0 ? (
            <p className="mt-3 text-sm text-ink-700">{leadCopy.noAttempts}</p>
          ) : (
            <ScrollTable
              caption={leadCopy.attemptsCaption}
              minWidth="min-w-[32rem]"
              className="mt-4"
              columns={<ColumnHeads labels={Object.values(leadCopy.attemptColumns)} />}
            >
              {attempts.map((attempt) => (
                <tr key={attempt.id} className="border-t border-ink-200">
                  <td className="px-3 py-2">{attempt.attempt}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {formatUtc(attempt.startedAt, { seconds: true })}
                  </td>
                  <td className="px-3 py-2">{attempt.httpStatus ?? '-'}</td>
                  <td className="px-3 py-2">{attempt.durationMs}</td>
                  <td className="break-words px-3 py-2">{attempt.error ?? ''}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </section>
        <Link href="/admin" prefetch={false} className={buttonClass('secondary', 'sm')}>
          {leadCopy.back}
        </Link>
      </div>
    </AdminPage>
  );
}
