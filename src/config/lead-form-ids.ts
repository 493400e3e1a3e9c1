/**
 * The lead forms by id, and the suffix of each one's own variables (LEADS_WEBHOOK_URL_DEMO,
 * LEADS_NOTIFY_TO_DEMO): the bottom floor that src/env.ts and the registry in src/lib/lead-forms.ts
 * both build on.
 */
const formEnvSuffix = {
  'growth-audit': 'GROWTH_AUDIT',
  demo: 'DEMO',
  contact: 'CONTACT',
  'aria-signup': 'ARIA_SIGNUP',
} as const;

export type LeadForm = keyof typeof formEnvSuffix;
export const leadForms = Object.keys(formEnvSuffix) as LeadForm[];

type Suffix = (typeof formEnvSuffix)[LeadForm];
export type LeadWebhookEnv = `LEADS_WEBHOOK_URL_${Suffix}`;
export type LeadNotifyEnv = `LEADS_NOTIFY_TO_${Suffix}`;

/** The variable of a form's own webhook (else LEADS_WEBHOOK_URL is used). */
export const webhookEnvOf = (form: LeadForm): LeadWebhookEnv =>
  `LEADS_WEBHOOK_URL_${formEnvSuffix[form]}`;

/** The variable of a form's own agency recipients (else LEADS_NOTIFY_TO is used). */
export const notifyEnvOf = (form: LeadForm): LeadNotifyEnv =>
  `LEADS_NOTIFY_TO_${formEnvSuffix[form]}`;
