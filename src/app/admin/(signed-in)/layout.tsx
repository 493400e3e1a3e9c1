import type { ReactNode } from 'react';
import { AdminHeader } from '@/components/admin/admin-header';
import { CsrfTokenProvider } from '@/components/admin/action-form';
import { FlashMessage } from '@/components/admin/flash-message';
import { readFlash } from '@/server/admin/flash';
import { requestedPath, requireOperator } from '@/server/admin/session';
import { countUnseen } from '@/server/leads/queries';
import { signOut } from './actions';

const UNOPENED_CAP = 1000;

/** Every inbox page but sign-in: an operator is required here, once, before any page renders. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const { operator, session } = await requireOperator();
  const [unopened, flash, path] = await Promise.all([
    countUnseen(UNOPENED_CAP),
    readFlash(),
    requestedPath(),
  ]);
  return (
    <CsrfTokenProvider token={session.csrfToken}>
      <AdminHeader
        email={operator.email}
        unopened={unopened}
        unopenedCap={UNOPENED_CAP}
        path={path}
        signOut={signOut}
      />
      <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        {flash && (
          <div className="mb-4">
            <FlashMessage key={flash.id} flash={flash} />
          </div>
        )}
        {children}
      </main>
    </CsrfTokenProvider>
  );
}
