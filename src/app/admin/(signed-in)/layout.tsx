import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { AdminHeader } from '@/components/admin/admin-header';
import { CsrfTokenProvider } from '@/components/admin/action-form';
import { FlashMessage } from '@/components/admin/flash-message';
import { FLASH_ID, readFlash } from '@/server/admin/flash';
import { isForeignRequest } from '@/server/admin/request-check';
import { requestedPath, requireOperator } from '@/server/admin/session';
import { intakeHealth } from '@/server/leads/intake-health';
import { countUnseen } from '@/server/leads/queries';
import { leadOpenedBy, markSeen } from '@/server/leads/workbench';
import { failingPaths } from '@/server/outbox/delivery-health';
import { signOut } from './actions';
import { DeliveryNotice, IntakeNotice } from './notices';

const UNOPENED_CAP = 1000;

/** Every inbox page but sign-in: an operator is required here, once, before any page renders. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const { operator, session } = await requireOperator();
  const path = await requestedPath();
  // Opening a lead marks it seen, here rather than in its page (which renders beside this layout)
  // so that the count below already leaves it out. A link from another site does not open it.
  const opened = leadOpenedBy(path);
  if (opened && !isForeignRequest(await headers())) await markSeen(opened);
  const [unopened, failing, flash] = await Promise.all([
    countUnseen(UNOPENED_CAP),
    failingPaths(),
    readFlash(),
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
        <IntakeNotice intake={intakeHealth()} />
        <DeliveryNotice failing={failing} />
        {flash && (
          <div className="mb-4" id={FLASH_ID}>
            <FlashMessage key={flash.id} flash={flash} />
          </div>
        )}
        {children}
      </main>
    </CsrfTokenProvider>
  );
}
