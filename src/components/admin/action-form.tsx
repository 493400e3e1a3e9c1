'use client';

import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
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

/**
 * The form's anti-forgery token, and its guard: while the form's action runs, another submit is
 * cancelled (React starts no action for a prevented submit), so a double click sends it once.
 */
function TokenAndGuard({ token }: { token: string }) {
  const { pending } = useFormStatus();
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const form = input.current?.form;
    if (!pending || !form) return;
    const cancel = (event: Event) => event.preventDefault();
    form.addEventListener('submit', cancel);
    return () => form.removeEventListener('submit', cancel);
  }, [pending]);
  return <input ref={input} type="hidden" name={CSRF_FIELD} value={token} />;
}

export function ActionForm({ action, children, ...rest }: Props) {
  const token = useContext(CsrfToken);
  return (
    <form action={action} {...(typeof action === 'string' ? { method: 'post' } : {})} {...rest}>
      <TokenAndGuard token={token} />
      {children}
    </form>
  );
}
