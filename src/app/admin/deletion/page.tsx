import type { Metadata } from 'next';
import { deletionCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { AdminPage } from '@/components/admin/admin-page';
import { CsrfField } from '@/components/admin/csrf-field';
import { NoticeBanner } from '@/components/admin/notice-banner';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: deletionCopy.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DeletionPage({ searchParams }: Props) {
  const { session } = await requireOperator('/admin/deletion');
  return (
    <AdminPage path="/admin/deletion" section="/admin/deletion" heading={deletionCopy.heading}>
      <div className="mt-4 max-w-2xl space-y-4">
        <NoticeBanner searchParams={await searchParams} />
        <p className="text-ink-700">{deletionCopy.intro}</p>
        <form
          method="post"
          action="/api/admin/delete-by-email"
          className="space-y-4 rounded-xl border border-ink-200 bg-white p-4"
        >
          <CsrfField token={session.csrfToken} />
          <div>
            <label htmlFor="delete-email" className="block text-sm font-semibold text-ink-800">
              {deletionCopy.email}
            </label>
            <input
              id="delete-email"
              name="email"
              type="email"
              required
              autoComplete="off"
              className="mt-1 block w-full rounded-lg border border-ink-300 px-3 py-2.5"
            />
          </div>
          <div className="flex items-start gap-2">
            <input
              id="delete-confirm"
              name="confirm"
              type="checkbox"
              value="yes"
              required
              className="mt-1 size-4"
            />
            <label htmlFor="delete-confirm" className="text-sm text-ink-800">
              {deletionCopy.confirm}
            </label>
          </div>
          <button type="submit" className={buttonClass('primary', 'md')}>
            {deletionCopy.submit}
          </button>
        </form>
      </div>
    </AdminPage>
  );
}
