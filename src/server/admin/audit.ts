import 'server-only';
import { and, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { auditLog, type AuditEntry } from '@/server/db/schema';

/**
 * The inbox's audit log: who signed in (and every failed attempt), who re-sent, marked, deleted or
 * exported what, and when. Entries never hold a lead's personal data: a deletion by email records
 * how many leads went, not the address.
 */

export const COMMAND_LINE_ACTOR = 'command line';

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'password_changed'
  | 'lead_resent'
  | 'lead_marked_spam'
  | 'lead_marked_not_spam'
  | 'lead_deleted'
  | 'leads_deleted_by_email'
  | 'failed_requeued'
  | 'skipped_requeued'
  | 'leads_exported'
  | 'test_event_sent'
  | 'operator_added'
  | 'operator_removed';

export async function recordAudit(
  actor: string,
  action: AuditAction,
  target: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const { db } = await getDatabase();
  await db.insert(auditLog).values({ actor, action, target, detail });
}

export const AUDIT_PAGE_SIZE = 100;

export async function listAudit(page = 1): Promise<{ entries: AuditEntry[]; total: number }> {
  const { db } = await getDatabase();
  const [entries, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { entries, total: total?.n ?? 0 };
}

/**
 * Failed sign-ins whose detail[key] is `value` within the window: how many, and when the oldest of them
 * leaves the window. The audit log is shared by every instance, so the limit is too.
 */
export async function recentFailures(
  key: 'account' | 'address',
  value: string,
  windowMs: number,
): Promise<{ count: number; oldest: Date | null }> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ n: count(), oldest: min(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'sign_in_failed'),
        gt(auditLog.at, new Date(Date.now() - windowMs)),
        sql`${auditLog.detail}->>${key} = ${value}`,
      ),
    );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
