import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import type { Db } from '@/server/db/client';
import { hashAddress } from '@/server/http/client-address';
import { alertJobs, JOB_COLUMNS, jobValues } from './jobs';

/**
 * The autoresponder is not a spam relay. Anyone can type someone else's address into a form, so a
 * visitor's confirmation is sent only when, at send time:
 *
 * - no other confirmation went to that address in the last 24 hours, across forms (autoresponses:
 *   an HMAC of the lower-cased address keyed with the database's salt, so a deleted lead leaves
 *   nothing readable; the same job retrying after a crash keeps its slot);
 * - fewer than LEADS_AUTORESPONSE_PER_HOUR confirmations went out in the last hour, across forms and
 *   instances (the first refusal of each hour emails the agency). Instances checking at the same
 *   moment can each send one past the cap.
 *
 * Spam never gets one (it has no jobs), and the message holds no text the visitor wrote but a
 * cleaned first name (email/compose.tsx).
 */

export type Slot = 'taken' | 'already_sent' | 'capped';

export const DECLINED: Record<Exclude<Slot, 'taken'>, string> = {
  already_sent: 'Not sent: this address already got a confirmation in the last 24 hours',
  capped:
    'Not sent: the hourly limit of visitor confirmations (LEADS_AUTORESPONSE_PER_HOUR) was reached',
};

export async function takeSlot(
  db: Db,
  { jobId, address, salt, now }: { jobId: string; address: string; salt: string; now: Date },
): Promise<Slot> {
  const hash = hashAddress(address.trim().toLowerCase(), salt);
  const at = now.toISOString();
  const result = await db.execute(sql`WITH held AS (
      SELECT delivery_id, at FROM autoresponses WHERE address_hash = ${hash}
    ), recent AS (
      SELECT count(*)::int AS n FROM autoresponses
      WHERE at > ${at}::timestamptz - interval '1 hour' AND delivery_id <> ${jobId}::uuid
    ), taken AS (
      INSERT INTO autoresponses AS a (address_hash, delivery_id, at)
      SELECT ${hash}, ${jobId}::uuid, ${at}::timestamptz
      WHERE (SELECT n FROM recent) < ${env.LEADS_AUTORESPONSE_PER_HOUR}
         OR EXISTS (SELECT 1 FROM held WHERE delivery_id = ${jobId}::uuid)
      ON CONFLICT (address_hash) DO UPDATE
        SET delivery_id = excluded.delivery_id,
            at = CASE WHEN a.delivery_id = excluded.delivery_id THEN a.at ELSE excluded.at END
        WHERE a.delivery_id = excluded.delivery_id OR a.at <= excluded.at - interval '24 hours'
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM taken)::int AS taken,
      EXISTS (SELECT 1 FROM held WHERE delivery_id <> ${jobId}::uuid
        AND at > ${at}::timestamptz - interval '24 hours') AS held_by_other`);
  const [row] = (result as unknown as { rows: { taken: number; held_by_other: boolean }[] }).rows;
  if (row?.taken) return 'taken';
  return row?.held_by_other ? 'already_sent' : 'capped';
}

/** The agency's email about the cap, once per UTC hour however many confirmations it stops. */
export async function alertCapReached(db: Db, now: Date): Promise<void> {
  const hour = now.toISOString().slice(0, 13);
  const jobs = alertJobs(
    { kind: 'autoresponse_cap', cap: env.LEADS_AUTORESPONSE_PER_HOUR, hour: `${hour}:00:00.000Z` },
    `autoresponse-cap:${hour}`,
    { now },
  );
  if (jobs.length === 0) return;
  await db.execute(sql`INSERT INTO lead_deliveries (${JOB_COLUMNS})
    VALUES ${sql.join(
      jobs.map((job) => jobValues(job)),
      sql`, `,
    )} ON CONFLICT (dedupe_key) DO NOTHING`);
}
