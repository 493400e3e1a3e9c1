import 'server-only';
import { env } from '@/env';
import type { LeadForm } from '@/lib/schemas/leads';

/** The webhook a form's leads go to: its own variable, else the shared LEADS_WEBHOOK_URL, else none. */
export function webhookUrlFor(form: LeadForm): string | null {
  const own = {
    'growth-audit': env.LEADS_WEBHOOK_URL_GROWTH_AUDIT,
    demo: env.LEADS_WEBHOOK_URL_DEMO,
    contact: env.LEADS_WEBHOOK_URL_CONTACT,
    'aria-signup': env.LEADS_WEBHOOK_URL_ARIA_SIGNUP,
  }[form];
  return own ?? env.LEADS_WEBHOOK_URL ?? null;
}
