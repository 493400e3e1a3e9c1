import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
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
  /** networkHash of the visitor's address: not stored with the lead, only in its confirmation job. */
  network: string | null;
};

export type AcceptedLead = { leadId: string; firstAttempt: FirstAttempt | null };

type LeadRow = NewLead & { id: string; createdAt: Date };
type Accepting = { lead: LeadRow; jobs: NewJob[] };

const leadValues = (lead: LeadRow): SQL =>
  sql`(${lead.id}::uuid, ${lead.form}, ${lead.status}, ${JSON.stringify(lead.fields)}::jsonb, ${JSON.stringify(lead.attribution)}::jsonb,
       ${lead.createdAt.toISOString()}::timestamptz, ${lead.ipHash}, ${lead.userAgent})`;

const insertLeads = (leads: LeadRow[]): SQL =>
  sql`INSERT INTO leads (id, form, status, fields, attribution, created_at, ip_hash, user_agent)
    VALUES ${sql.join(leads.map(leadValues), sql`, `)}`;

/** One statement, so one transaction, for a group of leads and their jobs: all commit or none. */
async function writeLeads(group: Accepting[]): Promise<void[]> {
  const { db } = await getDatabase();
  const leads = insertLeads(group.map(({ lead }) => lead));
  const jobs = group.flatMap((accepting) => accepting.jobs);
  await db.execute(
    jobs.length === 0
      ? leads
      : sql`WITH inserted AS (${leads})
          INSERT INTO lead_deliveries (${JOB_COLUMNS}) VALUES ${sql.join(
            jobs.map((job) => jobValues(job)),
            sql`, `,
          )}`,
  );
  return group.map(() => undefined);
}

const commitLead = groupCommit(writeLeads, { concurrency: databaseWriters });

/** Random bytes in the probe row: base64 makes them 128 KB, more than a lead's whole body. */
const PROBE_BYTES = 96 * 1024;

class ProbeRolledBack extends Error {}

/**
 * Whether a lead could be stored now: a lead row larger than any form allows, written and rolled
 * back, so a disk too full for the largest lead or a read-only database fails it as it fails a
 * visitor's. Random, so that it does not compress into the space a small row would find. Throws
 * the database's error.
 */
export async function probeLeadWrite(): Promise<void> {
  const { db } = await getDatabase();
  const probe: LeadRow = {
    id: randomUUID(),
    form: 'contact',
    status: 'spam',
    fields: { probe: randomBytes(PROBE_BYTES).toString('base64') },
    attribution: {},
    ipHash: null,
    userAgent: null,
    network: null,
    createdAt: new Date(),
  };
  try {
    await db.transaction(async (tx) => {
      await tx.execute(insertLeads([probe]));
      throw new ProbeRolledBack();
    });
  } catch (error) {
    if (!(error instanceof ProbeRolledBack)) throw error;
  }
}

/**
 * The transactional outbox's write side: the lead and its jobs commit together, and the caller
 * answers success only after this returns. Spam is stored but gets no job, so nothing can send it.
 * With claimFirstAttempt the jobs are written claimed by this process, so the request attempts
 * them without another query; if the process dies first, the sweep takes over when the claim ends.
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
