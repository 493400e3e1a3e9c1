import type { LeadForm } from '@/lib/lead-forms';

/** Every word of the agency's inbox (/admin), kept out of the components. {placeholders} go through lib/fill. */

export const adminNav = [
  { href: '/admin', label: 'Inbox' },
  { href: '/admin/overview', label: 'Overview' },
  { href: '/admin/deletion', label: 'Deletion requests' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/account', label: 'Account' },
] as const;

export const adminCopy = {
  brandSuffix: 'Lead inbox',
  navLabel: 'Inbox sections',
  signedInAs: 'Signed in as {email}',
  signOut: 'Sign out',
  skipToContent: 'Skip to content',
} as const;

export const formNames: Record<LeadForm, string> = {
  'growth-audit': 'Growth audit',
  demo: 'Demo request',
  contact: 'Contact',
  'aria-signup': 'Aria sign-up',
};

export const signInCopy = {
  title: 'Sign in',
  heading: 'Sign in to the lead inbox',
  intro:
    'For the agency’s operators. Ask an administrator to add you with npm run leads -- add-operator.',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  errors: {
    invalid: 'Wrong email or password.',
    rate_limited: 'Too many failed sign-ins. Try again in {minutes} minutes.',
    expired: 'Your session ended. Please sign in again.',
    unavailable: 'Signing in is not possible just now. Please try again shortly.',
  },
  signedOut: 'You are signed out on every device.',
} as const;

export const inboxCopy = {
  title: 'Inbox',
  heading: 'Leads',
  filters: 'Filter leads',
  form: 'Form',
  leadStatus: 'Lead status',
  delivery: 'Delivery',
  from: 'From',
  to: 'To',
  search: 'Search name, email, phone or company',
  any: 'Any',
  apply: 'Apply filters',
  clear: 'Clear',
  exportCsv: 'Download CSV',
  matches: '{count} matching leads',
  oneMatch: '1 matching lead',
  none: 'No leads match these filters.',
  tableCaption: 'Leads, newest first',
  columns: {
    when: 'Received (UTC)',
    form: 'Form',
    name: 'Name',
    email: 'Email',
    delivery: 'Delivery',
  },
  previous: 'Previous page',
  next: 'Next page',
  pageOf: 'Page {page} of {pages}',
  problems: 'Some filters could not be used:',
  bulkHeading: 'Deliveries',
  requeueFailed: 'Re-send all failed',
  deliverSkipped: 'Deliver skipped',
  bulkForm: 'For form',
  allForms: 'All forms',
} as const;

export const leadCopy = {
  title: 'Lead',
  back: 'Back to the inbox',
  notFound: 'There is no lead with this id. It may have been deleted.',
  fields: 'What they sent',
  attribution: 'Where they came from',
  attributionLabels: {
    page_url: 'Page',
    referrer: 'Referrer',
    utm_source: 'UTM source',
    utm_medium: 'UTM medium',
    utm_campaign: 'UTM campaign',
    utm_term: 'UTM term',
    utm_content: 'UTM content',
    time_on_page: 'Time on page (s)',
    scroll_depth: 'Scroll depth (%)',
    screen_resolution: 'Screen',
    viewport_size: 'Viewport',
    timezone: 'Time zone',
    language: 'Language',
    user_agent: 'Browser',
  },
  none: 'None recorded',
  delivery: 'Delivery',
  noDelivery: 'No delivery: it was stored as spam.',
  idempotencyKey: 'Idempotency-Key',
  status: 'Status',
  webhook: 'Webhook (when queued)',
  attempts: 'Attempts',
  nextAttempt: 'Next attempt',
  deliveredAt: 'Delivered',
  lastError: 'Last error',
  attemptsCaption: 'Every delivery attempt, oldest first',
  attemptColumns: {
    attempt: '#',
    at: 'Started (UTC)',
    status: 'HTTP status',
    duration: 'Duration (ms)',
    error: 'Error',
  },
  noAttempts: 'No attempt yet.',
  actions: 'Actions',
  resend: 'Re-send now',
  markSpam: 'Mark as spam',
  markNotSpam: 'Not spam: deliver it',
  delete: 'Delete this lead',
  deleteConfirm: 'Yes, delete this lead and its delivery history for good',
  received: 'Received {when} (UTC) through the {form} form.',
  leadStatus: { accepted: 'Accepted', spam: 'Spam' },
} as const;

export const deliveryLabels = {
  pending: 'Pending',
  delivering: 'Delivering',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Skipped',
} as const;

export const overviewCopy = {
  title: 'Overview',
  heading: 'Overview',
  perDay: 'Leads per day, last {days} days',
  chartDescription: 'Stacked bars of leads per day by form; the table below has the same figures.',
  tableCaption: 'Leads per day by form (UTC days, spam left out)',
  day: 'Day',
  total: 'Total',
  spam: '{count} spam in the same days (not counted above).',
  sources: 'Top sources',
  sourcesCaption: 'Where leads came from: utm_source, else the referring site, else direct',
  source: 'Source',
  leads: 'Leads',
  noSources: 'No leads in these days.',
  health: 'Delivery health',
  healthCaption: 'Per form: the webhook, what waits or failed, and the last success',
  webhook: 'Webhook',
  configured: 'Configured',
  notConfigured: 'Not configured (leads are stored, delivery skipped)',
  pending: 'Pending',
  failed: 'Failed',
  skipped: 'Skipped',
  lastDelivered: 'Last delivered (UTC)',
  never: 'Never',
  sendTest: 'Send test event',
  testIntro:
    'A test event is marked test: true and is not a lead. It shows what your receiver answers.',
} as const;

export const deletionCopy = {
  title: 'Deletion requests',
  heading: 'Delete a person’s data',
  intro:
    'When someone asks for their data to be deleted (the privacy policy promises it), enter their email address. Every lead with that address, in any letter case, is deleted with its delivery history. The audit log records who did it, when and how many leads went, never the address.',
  email: 'Their email address',
  confirm: 'I have checked the address: delete every lead with it',
  submit: 'Delete their data',
} as const;

export const auditCopy = {
  title: 'Audit log',
  heading: 'Audit log',
  caption: 'Who did what, newest first',
  columns: {
    at: 'When (UTC)',
    actor: 'Who',
    action: 'What',
    target: 'Lead or item',
    detail: 'Details',
  },
  empty: 'Nothing recorded yet.',
  unknownAccount: 'an unknown account',
  actions: {
    sign_in: 'Signed in',
    sign_in_failed: 'Failed sign-in',
    sign_out: 'Signed out everywhere',
    password_changed: 'Changed their password',
    lead_resent: 'Re-sent a lead',
    lead_marked_spam: 'Marked a lead as spam',
    lead_marked_not_spam: 'Marked a lead as not spam',
    lead_deleted: 'Deleted a lead',
    leads_deleted_by_email: 'Deleted a person’s leads by email',
    failed_requeued: 'Re-sent failed deliveries',
    skipped_requeued: 'Delivered skipped leads',
    leads_exported: 'Downloaded leads as CSV',
    test_event_sent: 'Sent a test event',
    operator_added: 'Added an operator',
    operator_removed: 'Removed an operator',
  },
} as const;

export const accountCopy = {
  title: 'Account',
  heading: 'Your account',
  session:
    'This session ends after {idle} minutes without use, and at the latest {max} hours after you signed in.',
  passwordHeading: 'Change your password',
  current: 'Current password',
  newPassword: 'New password (at least {min} characters)',
  confirm: 'New password again',
  submit: 'Change password',
  signOutHeading: 'Sign out',
  signOutIntro: 'Signing out ends your sessions on every device.',
} as const;

/** What a page says after an action sent the operator back to it (?notice=...). */
export const notices = {
  sent: 'Re-sent: the receiver accepted it.',
  send_failed: 'Re-sent, but the receiver did not accept it. It will be retried on the schedule.',
  spam_lead: 'This lead is marked as spam. Mark it as not spam to deliver it.',
  no_webhook: 'No webhook is configured for this form, so there is nowhere to send it.',
  in_flight: 'A delivery attempt is in progress. Try again in a moment.',
  marked_spam: 'Marked as spam. It will not be delivered.',
  marked_not_spam: 'Marked as not spam. Its delivery is queued.',
  deleted: 'The lead was deleted.',
  requeued: '{count} failed deliveries queued again.',
  skipped_queued: '{count} skipped leads queued for delivery.',
  deleted_by_email: '{count} leads with that address were deleted.',
  test_ok: 'Test event to the {form} webhook: HTTP {status} in {ms} ms.',
  test_failed: 'Test event to the {form} webhook failed: {error} ({ms} ms).',
  password_changed: 'Your password was changed. Your other sessions were signed out.',
} as const;

export const noticeErrors = {
  wrong_password: 'The current password is not right.',
  password_short: 'The new password must be at least {min} characters.',
  password_mismatch: 'The two new passwords are not the same.',
  email_required: 'Enter the email address to delete.',
  confirm_required: 'Tick the box to confirm the deletion.',
  invalid: 'That could not be done: the request was not valid.',
} as const;

export type NoticeCode = keyof typeof notices;
export type NoticeErrorCode = keyof typeof noticeErrors;
