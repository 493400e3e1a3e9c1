import 'server-only';
import { env } from '@/env';
import { leadFormRegistry, type LeadForm } from '@/lib/lead-forms';

/** The webhook a form's leads go to: its own variable, else the shared LEADS_WEBHOOK_URL, else none. */
export function webhookUrlFor(form: LeadForm): string | null {
  return env[leadFormRegistry[form].webhookEnv] ?? env.LEADS_WEBHOOK_URL ?? null;
}
