import type { Metadata } from 'next';
import { deletionCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { InputField } from '@/components/admin/fields';
import { readDraft } from '@/server/admin/draft';
import { fieldErrorProps, readFlash } from '@/server/admin/flash';
import { requireOperator } from '@/server/admin/session';
import { deleteByEmail } from './actions';

export const metadata: Metadata = { title: deletionCopy.title };

export default async function DeletionPage() {
  await requireOperator();
  const [flash, draft] = await Promise.all([readFlash(), readDraft('/admin/deletion')]);
  return (
    <>
      <h1 className="text-2xl font-bold text-ink-900">{deletionCopy.heading}</h1>
      <div className="mt-4 max-w-2xl space-y-4">
        <p className="text-ink-700">{deletionCopy.intro}</p>
        <ActionForm
          action={deleteByEmail}
          className="space-y-4 rounded-xl border border-ink-200 bg-white p-4"
        >
          <InputField
            id="delete-email"
            label={deletionCopy.email}
            name="email"
            type="text"
            inputMode="email"
            required
            maxLength={320}
            autoComplete="off"
            defaultValue={flash?.values.email ?? draft?.email}
            {...fieldErrorProps(flash, ['email_required', 'deleted_none'])}
          />
          <div className="flex items-start gap-2">
            <input
              id="delete-confirm"
              name="confirm"
              type="checkbox"
              value="yes"
              required
              className="mt-1 size-4"
              {...fieldErrorProps(flash, ['confirm_required'])}
            />
            <label htmlFor="delete-confirm" className="text-sm text-ink-800">
              {deletionCopy.confirm}
            </label>
          </div>
          <button type="submit" className={buttonClass('primary', 'md')}>
            {deletionCopy.submit}
          </button>
        </ActionForm>
      </div>
    </>
  );
}
