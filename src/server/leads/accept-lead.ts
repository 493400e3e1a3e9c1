import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { env } from '@/env';
import type { Attribution, LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { groupCommit } from '@/server/db/group-commit';
import type { LeadStatus } from '@/server/db/schema';
import { claimLeaseMs } from '@/server/outbox/backoff';
import type { StoredLead } from './webhook-payload';

export type NewLead = {
  form: LeadForm;
  status: LeadStatus;
  fields: Record<string, string>;
  attribution: Attribution;
  ipHash: string | null;
  userAgent: string | null;
  /**
   * The form's webhook as configured now, without credentials (leads/config.ts): a record of where it
   * is going; each attempt reads the configuration again. null: stored with a 'skipped' delivery.
   */
  webhookUrl: string | null;
};

/** A delivery this process has claimed for its first attempt. */
export type FirstAttempt = { id: string; leadId: string; attempts: 1; lead: StoredLead };

export type AcceptedLead = { leadId: string; firstAttempt: FirstAttempt | null };

type LeadRow = NewLead & { id: string; createdAt: Date };
type DeliveryRow = {
  id: string;
  leadId: string;
  form: LeadForm;
  webhookUrl: string | null;
  status: 'pending' | 'delivering' | 'skipped';
  attempts: 0 | 1;
  lockedUntil: Date | null;
  createdAt: Date;
};
type Accepting = { lead: LeadRow; delivery: DeliveryRow | null };

const leadValues = (lead: LeadRow): SQL =>
  sql`(${lead.id}::uuid, ${lead.form}, ${lead.status}, ${JSON.stringify(lead.fields)}::jsonb, ${JSON.stringify(lead.attribution)}::jsonb,
       ${lead.createdAt.toISOString()}::timestamptz, ${lead.ipHash}, ${lead.userAgent})`;

const deliveryValues = (row: DeliveryRow): SQL => {
  const at = row.createdAt.toISOString();
  return sql`(${row.id}::uuid, ${row.leadId}::uuid, ${row.form}, ${row.webhookUrl}, ${row.status}, ${row.attempts}::int,
       ${row.webhookUrl ? at : null}::timestamptz, ${row.lockedUntil?.toISOString() ?? null}::timestamptz,
       ${row.webhookUrl ? null : 'no webhook configured'}, ${at}::timestamptz, ${at}::timestamptz)`;
};

/**
 * One statement (so one implicit transaction) for a whole group of leads and
 * their delivery rows: every row of the group commits, or none does.
 */
async function writeLeads(group: Accepting[]): Promise<void[]> {
  const { db } = await getDatabase();
  const insertLeads = sql`INSERT INTO leads (id, form, status, fields, attribution, created_at, ip_hash, user_agent)
    VALUES ${sql.join(
      group.map(({ lead }) => leadValues(lead)),
      sql`, `,
    )}`;
  const deliveries = group.flatMap(({ delivery }) => (delivery ? [delivery] : []));
  await db.execute(
    deliveries.length === 0
      ? insertLeads
      : sql`WITH inserted AS (${insertLeads})
          INSERT INTO lead_deliveries (id, lead_id, form, webhook_url, status, attempts, next_attempt_at, locked_until, last_error, created_at, updated_at)
          VALUES ${sql.join(deliveries.map(deliveryValues), sql`, `)}`,
  );
  return group.map(() => undefined);
}

// PGlite runs one statement at a time, so one writer; a PostgreSQL pool takes a few at once.
const commitLead = groupCommit(writeLeads, { concurrency: env.DATABASE_URL ? 4 : 1 });

/**
 * The transactional outbox's write side: the lead and its delivery row commit
 * together or not at all, and the caller answers success only after this
 * returns. Concurrent calls share a statement (group commit, see
 * group-commit.ts). Spam is stored for the record but gets no delivery row,
 * so nothing can ever send it.
 *
 * With claimFirstAttempt (the request path), the delivery row is written
 * already claimed by this process ('delivering', attempt 1, locked until the
 * claim expires): the request then makes the first attempt without another
 * query, and if the process dies first, the sweep takes the row over when the
 * claim expires.
 */
export async function acceptLead(
  lead: NewLead,
  {
    now = new Date(),
    claimFirstAttempt = true,
    timeoutMs,
  }: { now?: Date; claimFirstAttempt?: boolean; timeoutMs: number },
): Promise<AcceptedLead> {
  const row: LeadRow = { ...lead, id: randomUUID(), createdAt: now };
  if (lead.status !== 'accepted') {
    await commitLead({ lead: row, delivery: null });
    return { leadId: row.id, firstAttempt: null };
  }

  const url = lead.webhookUrl;
  const claimed = Boolean(url) && claimFirstAttempt;
  const delivery: DeliveryRow = {
    id: randomUUID(),
    leadId: row.id,
    form: lead.form,
    webhookUrl: url,
    status: !url ? 'skipped' : claimed ? 'delivering' : 'pending',
    attempts: claimed ? 1 : 0,
    lockedUntil: claimed ? new Date(now.getTime() + claimLeaseMs(timeoutMs)) : null,
    createdAt: now,
  };
  await commitLead({ lead: row, delivery });

  return {
    leadId: row.id,
    firstAttempt:
      claimed && url
        ? {
            id: delivery.id,
            leadId: row.id,
            attempts: 1,
            lead: {
              id: row.id,
              form: lead.form,
              fields: lead.fields,
              attribution: lead.attribution,
              createdAt: now,
            },
          }
        : null,
  };
}
