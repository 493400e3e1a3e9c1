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
  unopened: '{count} unopened',
  manyUnopened: '{count}+ unopened',
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

/** The inbox's 'Status' of a lead: where the agency is with it (leads.stage). */
export const stageLabels = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
} as const;

/** The spam flag (leads.status), shown apart from Status so the two are not confused. */
export const spamLabels = { accepted: 'Not spam', spam: 'Spam' } as const;

export const deliveryLabels = {
  pending: 'Pending',
  delivering: 'Delivering',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Skipped',
} as const;

/** The outbox's channels: every way a lead reaches a person. */
export const channelLabels = {
  webhook: 'Webhook',
  agency_email: 'Email to the agency',
  visitor_email: 'Confirmation to the visitor',
  chat: 'Chat message',
  alert: 'Alert',
} as const;

export const signInCopy = {
  title: 'Sign in',
  heading: 'Sign in to the lead inbox',
  intro:
    'For the agency’s operators. Ask an administrator to add you with npm run leads -- add-operator.',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  expired: 'Your session ended. Please sign in again.',
} as const;

/** Shown in place of an inbox page while the database does not answer (the public site serves on). */
export const unavailableCopy = {
  title: 'Database unavailable',
  heading: 'The inbox cannot reach its database just now',
  body: 'Nothing was changed. The public pages still work, but new leads are refused until the database answers again (visitors are asked to try again, and nothing they typed is lost). /api/health answers 503 meanwhile.',
  retry: 'Try again',
} as const;

export const inboxCopy = {
  title: 'Inbox',
  heading: 'Leads',
  filters: 'Filter leads',
  form: 'Form',
  stage: 'Status',
  spam: 'Spam',
  // The list's delivery is the webhook's; emails and chat are on each lead's page.
  delivery: 'Webhook',
  from: 'From (UTC day)',
  to: 'To (UTC day)',
  search: 'Search name, email, phone or company',
  any: 'Any',
  apply: 'Apply filters',
  clear: 'Clear',
  exportCsv: 'Download CSV',
  exportHeading: 'Export',
  exportIntro: 'The leads matching the filters above, with their status and latest note.',
  matches: '{count} matching leads',
  oneMatch: '1 matching lead',
  tickAll: 'Tick all {count} on this page',
  untickAll: 'Untick all',
  /** A keyboard's way past the list's rows to the paging and the actions on ticked leads. */
  belowList: 'Skip to the actions for ticked leads',
  /** Where that link lands, heard by a screen reader (it is not shown). */
  listEnd: 'End of the list: paging and the actions for ticked leads follow.',
  none: 'No leads match these filters.',
  tableCaption: 'Leads, newest first',
  // Who and where first: a phone's screen shows the first three columns.
  columns: {
    select: 'Select',
    name: 'Name',
    stage: 'Status',
    when: 'Received (UTC)',
    form: 'Form',
    email: 'Email',
    delivery: 'Webhook',
  },
  unopened: 'Unopened',
  noName: 'No name given',
  selectLead: 'Select the lead received {when} from {name}',
  previous: 'Previous page',
  next: 'Next page',
  pageOf: 'Page {page} of {pages}',
  pages: 'Pages',
  problems: 'Some filters could not be used:',
  selectedHeading: 'Selected leads',
  selectedIntro: 'Tick leads in the list above, then choose what to do with them.',
  setStageTo: 'Set their status to',
  applyStage: 'Set status',
  markSpam: 'Mark as spam',
  markNotSpam: 'Mark as not spam',
  bulkHeading: 'Deliveries',
  bulkIntro:
    'Send now attempts every pending and failed delivery (webhook, emails, chat messages) at once instead of at its next retry, each keeping its attempt count: press it after fixing a webhook or the mail server. Deliver skipped queues the ones stored while their channel was not configured.',
  sendNow: 'Send now',
  deliverSkipped: 'Deliver skipped',
  /** Each form's select, named by what its button does. */
  bulkForm: '{action}: for form',
  allForms: 'All forms',
} as const;

export const leadCopy = {
  title: 'Lead',
  tabTitle: '{form} lead of {when}',
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
  work: 'Working this lead',
  stage: 'Status',
  saveStage: 'Save status',
  firstResponse: 'First response',
  firstResponseAfter: '{duration} after it arrived',
  noResponse: 'Not yet: the time from arrival to the first status change.',
  notes: 'Notes',
  note: 'Note',
  addNote: 'Add note',
  noteRestored: 'Your note was not saved yet: here it is again. Press Add note to save it.',
  stageRestored:
    'The status you chose ({stage}) was not saved yet: here it is again. Press Save status to save it.',
  noteBy: '{author}, {when} (UTC)',
  noNotes: 'No notes yet.',
  delivery: 'Delivery',
  deliveryIntro:
    'Every message this lead set off (the webhook delivery, the emails, the chat message and any alert about it), each with its attempts.',
  noDelivery: 'Nothing to deliver: it was stored as spam.',
  idempotencyKey: 'Idempotency-Key',
  jobTo: '{channel} ({to})',
  status: 'Status',
  webhook: 'Webhook (when queued)',
  attempts: 'Attempts',
  nextAttempt: 'Next attempt (UTC)',
  deliveredAt: 'Delivered (UTC)',
  lastError: 'Last error',
  attemptsCaption: '{job}: every attempt, oldest first',
  attemptColumns: {
    attempt: '#',
    at: 'Started (UTC)',
    answer: 'HTTP status or mail server reply',
    duration: 'Duration (ms)',
    error: 'Error',
  },
  noAttempts: 'No attempt yet.',
  sendNow: 'Send now',
  sendNowIntro:
    'Attempts every pending or failed message of this lead at once, instead of at its next retry; each keeps its attempt count.',
  actions: 'Actions',
  resend: 'Re-send to the webhook',
  markSpam: 'Mark as spam',
  markNotSpam: 'Not spam: deliver it',
  delete: 'Delete this lead',
  deleteConfirm: 'Yes, delete this lead and its delivery history for good',
  received: 'Received {when} (UTC) through the {form} form.',
  spamNote: 'Marked as spam.',
} as const;

/** What went wrong with an SMTP attempt, by kind: health, the lead page, alerts and logs show it. */
export const smtpErrorWords = {
  auth: 'Authentication failed: the mail server refused the user name or password in SMTP_URL',
  refused: 'Connection refused: nothing accepts connections at the host and port in SMTP_URL',
  dropped: 'Connection lost: the mail server closed the connection before it answered',
  certificate:
    'Certificate not trusted: the mail server’s TLS certificate could not be verified (expired, self-signed or for another name)',
  dns: 'Host not found: the mail server’s name in SMTP_URL does not resolve',
  tls: 'TLS handshake failed: check smtps:// (usually port 465) against smtp:// (587 or 25) in SMTP_URL',
  starttls:
    'No TLS: the mail server does not offer STARTTLS, so the password in SMTP_URL was not sent; use smtps:// (usually port 465) or the port your provider gives for STARTTLS (587)',
  timeout: 'Timed out: the mail server did not answer in time',
  busy: 'Not sent yet: every connection to the mail server was busy with earlier messages; it is retried',
  sender:
    'The mail server refused the sender address (MAIL_FROM): use an address it lets you send from',
  temporary: 'The mail server asked to try again later',
  recipient: 'The mail server refused the recipient address',
  rejected: 'The mail server refused the message',
  other: 'Sending failed',
} as const;

/** Why a visitor's confirmation was not sent, as its job records it. */
export const confirmationDeclined = {
  already_sent: 'Not sent: this address already got a confirmation in the last 24 hours',
  network_limit:
    "Not sent: the visitor's network already had LEADS_AUTORESPONSE_PER_CLIENT confirmations to other addresses in the last 24 hours",
  capped:
    'Not sent: the hourly limit of visitor confirmations (LEADS_AUTORESPONSE_PER_HOUR) was reached',
  late: 'Not sent: a day has passed since the lead, too late for its confirmation',
} as const;

/** Why the database is not storing leads, by kind: the inbox's notice and the agency's alerts. */
export const intakeErrorWords = {
  disk_full: 'the disk is full',
  out_of_memory: 'the database ran out of memory',
  io_error: 'the disk could not be read or written',
  read_only: 'the database only allows reading',
  unreachable: 'the database did not answer',
  refused: 'the database refused to store them',
} as const;

/** Above every inbox page while leads are being refused. */
export const intakeNotice = {
  heading: 'The site is refusing leads',
  body: 'Since {since} (UTC) leads sent through the forms are being refused: {error}. Refused so far: {refused}. Each of these visitors is told their details were not saved and asked to try again or to contact you directly.',
  help: 'The site tries a write every 15 seconds; this notice goes once one works. What to do: docs/operating.md, “When leads are refused”.',
} as const;

export const deliveryNotice = {
  heading: 'Some ways leads reach you are failing',
  line: '{what}: failing since {since} UTC. {error}.',
  noError: 'No error was recorded',
  webhook: 'The {form} webhook',
  help: 'Leads are kept, and what each one sets off is retried.',
  link: 'Delivery health: each path’s last error, and a button to test it',
  /** The overview's delivery health section. */
  href: '/admin/overview#health-heading',
} as const;

/** A duration in the inbox's short words: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export const durationUnits = { seconds: 's', minutes: 'min', hours: 'h', days: 'd' } as const;

export const overviewCopy = {
  title: 'Overview',
  heading: 'Overview',
  perDay: 'Leads per day, last {days} days',
  chartRegion: 'Chart of leads per day',
  chartDescription: 'Stacked bars of leads per day by form; the table below has the same figures.',
  legend: 'Forms',
  tableCaption: 'Leads per day by form (UTC days, spam left out)',
  day: 'Day',
  total: 'Total',
  spam: '{count} spam in the same days (not counted above).',
  sources: 'Top sources',
  sourcesCaption: 'Where leads came from: utm_source, else the referring site, else direct',
  source: 'Source',
  leads: 'Leads',
  noSources: 'No leads in these days.',
  results: 'Results, last {days} days',
  resultsIntro:
    'Leads received in these days (spam left out) and what became of them: qualified counts the leads whose status is Qualified or Won. First response is the time from arrival to the first status change.',
  resultTables: {
    source: {
      heading: 'By source',
      caption: 'Results by source: utm_source, else the referring site, else direct',
      column: 'Source',
    },
    campaign: {
      heading: 'By campaign',
      caption: 'Results by campaign (utm_campaign)',
      column: 'Campaign',
    },
    page: {
      heading: 'By landing page',
      caption: 'Results by landing page (the page the form was sent from)',
      column: 'Landing page',
    },
  },
  noCampaign: '(none)',
  unknownPage: '(unknown)',
  qualified: 'Qualified',
  won: 'Won',
  medianResponse: 'Median first response',
  noResponse: '-',
  noResults: 'No leads in these days.',
  health: 'Delivery health',
  healthIntro:
    'Whether each way a lead reaches you works: its status, the last message sent and the last error. Email and the chat app are one path shared by every form; the counts are each form’s own.',
  email: 'Email',
  emailWhat: 'Mail server (SMTP_URL)',
  lastSuccess: 'Last success (UTC)',
  lastError: 'Last error',
  alerts: 'Alerts and digests',
  alertCounts: '{pending} pending, {failed} failed, {skipped} skipped',
  sendTestEmail: 'Send test email',
  testEmailIntro:
    'Sends one message to {to} through the mail server and shows what it answered, or what went wrong.',
  noAlertRecipient:
    'There is no one to send a test email to: LEADS_ALERT_TO is none. Set it to an address.',
  chatApp: 'Chat app',
  chatWhat: 'Incoming webhook (LEADS_NOTIFY_CHAT_URL)',
  sendTestChat: 'Send test message',
  testChatIntro:
    'Posts one message to the chat app that says it is a test and names no lead, and shows what the chat app answered.',
  formCaption: '{form}: delivery health by channel',
  columns: {
    channel: 'Channel',
    status: 'Status',
    lastSent: 'Last sent (UTC)',
    lastError: 'Last error',
    pending: 'Pending',
    failed: 'Failed',
    skipped: 'Skipped',
  },
  paths: { webhook: 'Webhook', email: 'Email', chat: 'Chat app' },
  status: {
    untried: 'Not tried yet',
    working: 'Working since {since}',
    failing: 'Failing since {since}',
  },
  errorAt: '{error} ({when} UTC)',
  never: 'Never',
  noError: 'None',
  formActions: '{action}: {form}',
  sendTest: 'Send test event',
  testIntro:
    'A test event is marked test: true and is not a lead. It shows what your receiver answers.',
  budgets: 'Chat and voice this hour',
  budgetsIntro:
    'The chat assistant’s model and the live voice demo are paid per use, so each has a limit per clock hour from all visitors together. Past it, visitors are told the service is busy until the hour ends, and the alert addresses get one email.',
  budgetNames: {
    chat: 'Chat messages (CHAT_MESSAGES_PER_HOUR)',
    voice: 'Voice demo calls (VOICE_CALLS_PER_HOUR)',
  },
  budgetUsed: '{used} of {limit}, counted again from {resetsAt} UTC',
  budgetReached: 'All {limit} used, {refused} refused since; open again from {resetsAt} UTC',
  budgetOff: 'No limit (0)',
} as const;

export const deletionCopy = {
  title: 'Deletion requests',
  heading: 'Delete a person’s data',
  intro:
    'When someone asks for their data to be deleted (the privacy policy promises it), enter their email address. Every lead with that address, in any letter case, is deleted with its delivery history and notes. The audit log records who did it, when and how many leads went, never the address.',
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
  retention: 'retention (automatic)',
  deletedLead: 'A lead since deleted',
  unnamedLead: 'A lead without a name',
  pages: 'Audit log pages',
  newer: 'Newer',
  older: 'Older',
  change: 'from {from} to {to}',
  actions: {
    sign_in: 'Signed in',
    sign_in_failed: 'Failed sign-in',
    sign_out: 'Signed out everywhere',
    password_changed: 'Changed their password',
    password_change_failed: 'Gave a wrong current password',
    lead_status_changed: 'Changed a lead’s status',
    lead_note_added: 'Added a note to a lead',
    lead_resent: 'Re-sent a lead to the webhook',
    lead_marked_spam: 'Marked a lead as spam',
    lead_marked_not_spam: 'Marked a lead as not spam',
    lead_deleted: 'Deleted a lead',
    leads_deleted_by_email: 'Deleted a person’s leads by email',
    leads_purged: 'Deleted leads past their retention period',
    failed_requeued: 'Re-sent failed deliveries',
    sent_now: 'Sent pending and failed deliveries now',
    skipped_requeued: 'Queued skipped deliveries',
    leads_exported: 'Downloaded leads as CSV',
    database_backed_up: 'Backed up the database',
    test_event_sent: 'Sent a test event',
    test_email_sent: 'Sent a test email',
    test_chat_sent: 'Sent a test chat message',
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
  newPassword: 'New password ({min} to {max} characters)',
  confirm: 'New password again',
  submit: 'Change password',
  signOutHeading: 'Sign out',
  signOutIntro: 'Signing out ends your sessions on every device.',
} as const;

const sentNowWords =
  'Sent now: {attempted} attempted, {delivered} delivered, {waiting} waiting for a retry, {failed} failed.';

/**
 * What a page says after an action (the typed flash of src/server/admin/flash.ts): notices report what
 * was done, errors what was not. Only these codes exist; their {values} are checked when read.
 */
export const flashNotices = {
  signed_out: 'You are signed out on every device.',
  sent: 'Re-sent: the webhook accepted it.',
  marked_spam: 'Marked as spam. It will not be delivered.',
  marked_not_spam: 'Marked as not spam. Its delivery is queued.',
  already_spam: 'This lead was already marked as spam: nothing changed.',
  already_not_spam: 'This lead was already marked as not spam: nothing changed.',
  stage_saved: 'Status saved: {stage}.',
  stage_saved_note_added: 'Status saved: {stage}. Note added.',
  stage_unchanged: 'The status was already {stage}.',
  stages_saved: 'Status set to {stage} for {count} of the selected leads.',
  stages_unchanged: 'The selected leads already had the status {stage}: nothing changed.',
  bulk_spam: 'Marked as spam: {count} of the selected leads.',
  bulk_not_spam: 'Marked as not spam: {count} of the selected leads. Their deliveries are queued.',
  note_added: 'Note added.',
  deleted: 'The lead was deleted.',
  sent_now: sentNowWords,
  nothing_to_send: 'Nothing was pending or failed, so nothing was sent.',
  skipped_queued: '{count} skipped deliveries queued: they go out within seconds.',
  nothing_skipped:
    'Nothing to queue: no skipped delivery can go out with what is configured now. Delivery health on the overview shows which channel is off and how to set it.',
  deleted_by_email: '{count} leads with that address were deleted.',
  deleted_one_by_email: 'The one lead with that address was deleted.',
  test_ok: 'Test event to the {form} webhook: HTTP {status} in {ms} ms.',
  test_email_ok:
    'Test email sent to {to} at {at} (UTC): the mail server answered {reply} in {ms} ms.',
  test_chat_ok: 'Test message sent to the chat app: HTTP {status} in {ms} ms.',
  password_changed: 'Your password was changed. Your other sessions were signed out.',
} as const;

export const flashErrors = {
  send_failed: 'Re-sent, but the webhook did not accept it. It will be retried on the schedule.',
  // The same words as sent_now, shown as an error: not everything went out.
  sent_now_undelivered: sentNowWords,
  invalid_credentials: 'Wrong email or password.',
  rate_limited: 'Too many failed password checks. Try again in {minutes} minutes.',
  expired: 'Your session ended. Please sign in again.',
  expired_draft_kept:
    'Your session ended, so your changes were not saved yet. Sign in again: they will be back on the page.',
  unavailable: 'That could not be done just now: the database did not answer. Please try again.',
  cross_site: 'That change was not sent from this inbox, so it was not made.',
  bad_token: 'That form was out of date. It was not sent: please try again.',
  invalid: 'That could not be done: the request was not valid.',
  not_found: 'There is no such lead. It may have been deleted.',
  stages_stale:
    'Status set to {stage} for {count} of the selected leads. Left as they were: {others} whose status someone else changed after this list was shown.',
  stage_conflict:
    'Someone changed the status to {stage} while this page was open, so yours ({yours}) was not saved. Choose again if it should still change.',
  stage_conflict_note_added:
    'Your note was added, but someone changed the status to {stage} while this page was open, so yours ({yours}) was not saved. Choose again if it should still change.',
  spam_lead: 'This lead is marked as spam. Mark it as not spam to deliver it.',
  no_webhook: 'No webhook is configured for this form, so there is nowhere to send it.',
  in_flight: 'A delivery attempt is in progress. Try again in a moment.',
  none_selected: 'Tick at least one lead first.',
  note_empty: 'Write the note first.',
  note_long: 'A note can be at most {max} characters.',
  wrong_password: 'The current password is not right.',
  password_short: 'The new password must be at least {min} characters.',
  password_long: 'The new password can be at most {max} characters.',
  password_repetitive:
    'The new password repeats too few characters: use at least {distinct} different ones.',
  password_mismatch: 'The two new passwords are not the same.',
  email_required: 'Enter the email address to delete.',
  deleted_none: 'No lead has that address, so nothing was deleted. Check it for a typo.',
  confirm_required: 'Tick the box to confirm the deletion.',
  test_failed: 'Test event to the {form} webhook failed: {error} ({ms} ms).',
  test_email_failed: 'Test email to {to} failed at {at} (UTC): {error} ({ms} ms).',
  email_off: 'Email is off: set SMTP_URL and restart the site. Nothing was sent.',
  test_chat_failed: 'Test message to the chat app failed: {error} ({ms} ms).',
  chat_off:
    'The chat app is off: set LEADS_NOTIFY_CHAT_URL and restart the site. Nothing was sent.',
  no_alert_recipient:
    'There is no one to send a test email to: LEADS_ALERT_TO is none. Set it to an address. Nothing was sent.',
} as const;

type FlashNotice = keyof typeof flashNotices;
type FlashError = keyof typeof flashErrors;
export type FlashCode = FlashNotice | FlashError;
