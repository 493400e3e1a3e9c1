import 'server-only';
import { and, count, desc, eq, gt, inArray, min, sql } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { isUuid } from '@/lib/uuid';
import { auditLog, leads, type AuditEntry } from '@/server/db/schema';

/**
 * The inbox's audit log: who signed in (and every failed attempt), who changed a lead's status (from,
 * to), noted, re-sent, sent now, marked, deleted or exported what, sent a test event or email, and
 * when; what retention purged. Entries
 * never hold a lead's personal data: a deletion by email records how many leads went, not the address,
 * an export its filter without the search text, and a note is recorded as added, not what it says.
 */

export const COMMAND_LINE_ACTOR = 'command line';

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'password_changed'
  | 'password_change_failed'
  | 'lead_status_changed'
  | 'lead_note_added'
  | 'leads_purged'
  | 'lead_resent'
  | 'lead_marked_spam'
  | 'lead_marked_not_spam'
  | 'lead_deleted'
  | 'leads_deleted_by_email'
  | 'sent_now'
  | 'skipped_requeued'
  | 'leads_exported'
  | 'database_backed_up'
  | 'test_event_sent'
  | 'test_email_sent'
  | 'test_chat_sent'
  | 'operator_added'
  | 'operator_removed';

/** What an inbox action records, its actor being the operator who took it. */
export type AuditRecord = {
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
};

export async function recordAudit(
  actor: string,
  action: AuditAction,
  target: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordAudits(actor, [{ action, target, detail }]);
}

export async function recordAudits(actor: string, records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const { db } = await getDatabase();
  await db
    .insert(auditLog)
    .values(
      records.map(({ action, target = null, detail = {} }) => ({ actor, action, target, detail })),
    );
}

const AUDIT_PAGE_SIZE = 100;

/**
 * An entry with, when its target is a lead, that lead's fields for the page to name it by (the log
 * itself keeps only the id); null when the lead is gone.
 */
export type ListedAuditEntry = AuditEntry & { lead?: { fields: Record<string, string> } | null };

/** One page of the log, newest first; a page past the last shows the last. */
export async function listAudit(
  page = 1,
): Promise<{ entries: ListedAuditEntry[]; total: number; page: number; pages: number }> {
  const { db } = await getDatabase();
  const [row] = await db.select({ n: count() }).from(auditLog);
  const total = row?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const shown = Math.min(pages, Math.max(1, Math.floor(page) || 1));
  const entries = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.at))
    .limit(AUDIT_PAGE_SIZE)
    .offset((shown - 1) * AUDIT_PAGE_SIZE);
  const ids = [...new Set(entries.map((entry) => entry.target).filter(isUuid))];
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ id: leads.id, fields: leads.fields })
          .from(leads)
          .where(inArray(leads.id, ids));
  const byId = new Map(found.map((lead) => [lead.id, { fields: lead.fields }]));
  return {
    entries: entries.map((entry) =>
      isUuid(entry.target) ? { ...entry, lead: byId.get(entry.target) ?? null } : entry,
    ),
    total,
    page: shown,
    pages,
  };
}

/** The entries that count against the password limits: failures, and attempts still being checked. */
export const PASSWORD_FAILURES = ['sign_in_failed', 'password_change_failed'] as const;

/**
 * Failed password checks whose detail[key] is `value` within the window: how many, and when the
 * oldest of them leaves the window. The audit log is shared by every instance, so the limit is too.
 */
export async function recentFailures(
  key: 'account' | 'address' | 'pair',
  value: string,
  windowMs: number,
): Promise<{ count: number; oldest: Date | null }> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ n: count(), oldest: min(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, [...PASSWORD_FAILURES]),
        gt(auditLog.at, new Date(Date.now() - windowMs)),
        sql`${auditLog.detail}->>${key} = ${value}`,
      ),
    );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Whether the operator signed in from this address (the pair key of throttle.ts) within the window. */
export async function signedInFrom(pair: string, windowMs: number): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'sign_in'),
        gt(auditLog.at, new Date(Date.now() - windowMs)),
        sql`${auditLog.detail}->>'pair' = ${pair}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
