import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Attribution, LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { databaseWriters, groupCommit } from '@/server/db/group-commit';
import type { LeadStatus } from '@/server/db/schema';
import {
  JOB_COLUMNS,
  jobValues,
  jobsForLead,
  toClaimed,
  type FirstAttempt,
  type NewJob,
} from '@/server/outbox/jobs';

export type NewLead = {
  form: LeadForm;
  status: LeadStatus;
  fields: Record<string, string>;
  attribution: Attribution;
  ipHash: string | null;
  userAgent: string | null;
};

export type AcceptedLead = { leadId: string; firstAttempt: FirstAttempt | null };

type LeadRow = NewLead & { id: string; createdAt: Date };
type Accepting = { lead: LeadRow; jobs: NewJob[] };

const leadValues = (lead: LeadRow): SQL =>
  sql`(${lead.id}::uuid, ${lead.form}, ${lead.status}, ${JSON.stringify(lead.fields)}::jsonb, ${JSON.stringify(lead.attribution)}::jsonb,
       ${lead.createdAt.toISOString()}::timestamptz, ${lead.ipHash}, ${lead.userAgent})`;

/**
 * One statement (so one implicit transaction) for a whole group of leads and
 * their outbox jobs: every row of the group commits, or none does.
 */
async function writeLeads(group: Accepting[]): Promise<void[]> {
  const { db } = await getDatabase();
  const insertLeads = sql`INSERT INTO leads (id, form, status, fields, attribution, created_at, ip_hash, user_agent)
    VALUES ${sql.join(
      group.map(({ lead }) => leadValues(lead)),
      sql`, `,
    )}`;
  const jobs = group.flatMap((accepting) => accepting.jobs);
  await db.execute(
    jobs.length === 0
      ? insertLeads
      : sql`WITH inserted AS (${insertLeads})
          INSERT INTO lead_deliveries (${JOB_COLUMNS}) VALUES ${sql.join(
            jobs.map((job) => jobValues(job)),
            sql`, `,
          )}`,
  );
  return group.map(() => undefined);
}

const commitLead = groupCommit(writeLeads, { concurrency: databaseWriters });

/**
 * The transactional outbox's write side: the lead and its jobs (outbox/jobs.ts: the webhook
 * delivery, the agency's and the visitor's emails, the chat message) commit together or not at
 * all, and the caller answers success only after this returns. Concurrent calls share a statement
 * (group commit, see group-commit.ts). Spam is stored for the record but gets no job, so nothing
 * can ever send it.
 *
 * With claimFirstAttempt (the request path), each job that can be attempted is written already
 * claimed by this process ('delivering', attempt 1, locked until the claim expires): the request
 * then makes the first attempts without another query, and if the process dies first, the sweep
 * takes the jobs over when the claim expires.
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
  const jobs =
    lead.status === 'accepted'
      ? jobsForLead(row, { now, claim: claimFirstAttempt, timeoutMs })
      : [];
  await commitLead({ lead: row, jobs });
  const claimed = jobs.filter((job) => job.status === 'delivering');
  return {
    leadId: row.id,
    firstAttempt:
      claimed.length > 0
        ? {
            lead: {
              id: row.id,
              form: lead.form,
              fields: lead.fields,
              attribution: lead.attribution,
              createdAt: now,
            },
            jobs: claimed.map(toClaimed),
          }
        : null,
  };
}
