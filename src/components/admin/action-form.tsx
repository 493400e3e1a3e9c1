'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { CSRF_FIELD } from '@/lib/csrf';

/**
 * The one form of every inbox change: a Server Action form (a plain post without JavaScript, Next's
 * client router with it) that always carries the session's anti-forgery token, which the signed-in
 * layout provides once. The action checks it (src/server/admin/action.ts).
 */

const CsrfToken = createContext('');

export function CsrfTokenProvider({ token, children }: { token: string; children: ReactNode }) {
  return <CsrfToken value={token}>{children}</CsrfToken>;
}

type Props = {
  /** A Server Action, or the path of a route handler that takes the same post (the CSV export). */
  action: ((formData: FormData) => Promise<void>) | string;
  children: ReactNode;
  className?: string;
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
};

export function ActionForm({ action, children, ...rest }: Props) {
  const token = useContext(CsrfToken);
  return (
    <form action={action} {...(typeof action === 'string' ? { method: 'post' } : {})} {...rest}>
      <input type="hidden" name={CSRF_FIELD} value={token} />
      {children}
    </form>
  );
}
