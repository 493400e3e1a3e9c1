import 'server-only';
import { sql } from 'drizzle-orm';
import { confirmationDeclined } from '@/content/admin';
import { env } from '@/env';
import type { Db } from '@/server/db/client';
import { databaseWriters, groupCommit } from '@/server/db/group-commit';
import { hashAddress } from '@/server/http/client-address';
import { processGlobals } from '@/server/process';
import { writeAlert } from './jobs';

/**
 * Anyone can type someone else's address into a form, so the autoresponder must not be a spam
 * relay: a confirmation is sent only if none went to that address in the last 24 hours (kept as an
 * HMAC, and only that day; a retrying job keeps its slot), fewer than LEADS_AUTORESPONSE_PER_CLIENT
 * went to other addresses from the visitor's network in that time, and fewer than
 * LEADS_AUTORESPONSE_PER_HOUR went out in the last hour (counted per minute), across forms and
 * instances (which, checking at once, can each send one past a limit).
 * The message holds nothing the visitor wrote but a cleaned first name.
 */

export type Slot = 'taken' | Exclude<keyof typeof confirmationDeclined, 'late'>;

/** A confirmation a day late confuses more than it helps: none is sent past this after its lead. */
export const CONFIRMATION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const state = processGlobals;
const FORGET_BATCH = 500;

type SlotRequest = { db: Db; jobId: string; hash: string; network: string | null; at: Date };

/**
 * Takes a group's slots in one statement (each statement is a commit, and an fsync on the embedded
 * database, that lead intake waits behind). In a group, an address's first job may take its slot.
 */
async function writeSlots(group: SlotRequest[]): Promise<Slot[]> {
  const byDb = new Map<Db, SlotRequest[]>();
  for (const request of group) byDb.set(request.db, [...(byDb.get(request.db) ?? []), request]);
  const answers = new Map<string, Slot>();
  for (const [db, requests] of byDb) {
    const input = sql.join(
      requests.map(
        (r, ord) =>
          sql`(${ord}::int, ${r.hash}::text, ${r.jobId}::uuid, ${r.at.toISOString()}::timestamptz, ${r.network}::text)`,
      ),
      sql`, `,
    );
    const cap = env.LEADS_AUTORESPONSE_PER_HOUR;
    const perNetwork = env.LEADS_AUTORESPONSE_PER_CLIENT;
    const result =
      await db.execute(sql`WITH input (ord, hash, job, at, network) AS (VALUES ${input}),
      firsts AS (SELECT DISTINCT ON (hash) ord, hash, job, at, network FROM input ORDER BY hash, ord),
      -- An array, not IN (SELECT ...): the planner then probes the key rather than scan every address held.
      held AS (SELECT address_hash, delivery_id, at FROM autoresponses WHERE address_hash = ANY (ARRAY(SELECT hash FROM input))),
      -- The last hour as sixty counters (this minute and the 59 before), however many went out.
      recent AS (
        SELECT COALESCE(sum(sent), 0)::int AS n FROM autoresponse_minutes
        WHERE minute > date_trunc('minute', (SELECT max(at) FROM input)) - interval '1 hour'
      ),
      eligible AS (
        SELECT f.*, EXISTS (SELECT 1 FROM held h WHERE h.address_hash = f.hash AND h.delivery_id = f.job) AS mine
        FROM firsts f
        WHERE NOT EXISTS (SELECT 1 FROM held h WHERE h.address_hash = f.hash AND h.delivery_id <> f.job
          AND h.at > f.at - interval '24 hours')
      ),
      -- Other jobs' confirmations from each network in the last day, counted only up to the limit:
      -- a network at its limit costs no more than one with none. A job's own retry is not counted.
      network_sent AS (
        SELECT n.network, (SELECT count(*)::int FROM (
          SELECT 1 FROM autoresponses a
          WHERE a.network = n.network AND a.delivery_id <> ALL (ARRAY(SELECT job FROM input))
            AND a.at > (SELECT max(at) FROM input) - interval '24 hours'
          LIMIT ${perNetwork}) AS sent) AS n
        FROM (SELECT DISTINCT network FROM input WHERE network IS NOT NULL) AS n
      ),
      networked AS (
        SELECT e.*, e.mine OR e.network IS NULL
          OR COALESCE((SELECT s.n FROM network_sent s WHERE s.network = e.network), 0)
            + row_number() OVER (PARTITION BY e.network, e.mine ORDER BY e.ord) <= ${perNetwork} AS within_network
        FROM eligible e
      ),
      ranked AS (SELECT w.*, row_number() OVER (ORDER BY w.mine DESC, w.ord) AS rn FROM networked w WHERE within_network),
      taken AS (
        INSERT INTO autoresponses AS a (address_hash, delivery_id, at, network)
        SELECT hash, job, at, network FROM ranked WHERE mine OR rn <= ${cap} - (SELECT n FROM recent)
        ON CONFLICT (address_hash) DO UPDATE
          SET delivery_id = excluded.delivery_id, network = excluded.network,
              at = CASE WHEN a.delivery_id = excluded.delivery_id THEN a.at ELSE excluded.at END
          WHERE a.delivery_id = excluded.delivery_id OR a.at <= excluded.at - interval '24 hours'
        RETURNING a.delivery_id
      ),
      -- A job taking its slot again (a retry) was counted when it first took it. A minute's row is
      -- reused an hour later; a late writer's older minute is dropped rather than overwrite it.
      counted AS (
        INSERT INTO autoresponse_minutes AS m (minute_of_hour, minute, sent)
        SELECT (floor(extract(epoch FROM date_trunc('minute', at)) / 60)::bigint % 60)::int,
          date_trunc('minute', at), count(*)
        FROM ranked WHERE NOT mine AND job IN (SELECT delivery_id FROM taken)
        GROUP BY 1, 2
        ON CONFLICT (minute_of_hour) DO UPDATE SET
          sent = CASE WHEN m.minute = excluded.minute THEN m.sent + excluded.sent
            WHEN m.minute < excluded.minute THEN excluded.sent ELSE m.sent END,
          minute = GREATEST(m.minute, excluded.minute)
      )
      SELECT i.job::text AS job, CASE
        WHEN i.job IN (SELECT delivery_id FROM taken) THEN 'taken'
        WHEN NOT EXISTS (SELECT 1 FROM networked w WHERE w.job = i.job) THEN 'already_sent'
        WHEN NOT EXISTS (SELECT 1 FROM ranked r WHERE r.job = i.job) THEN 'network_limit'
        -- Within every limit but not taken: another instance took the address first.
        WHEN (SELECT r.mine OR r.rn <= ${cap} - (SELECT n FROM recent) FROM ranked r WHERE r.job = i.job) THEN 'already_sent'
        ELSE 'capped' END AS slot
      FROM input i`);
    for (const row of (result as unknown as { rows: { job: string; slot: Slot }[] }).rows)
      answers.set(row.job, row.slot);
  }
  return group.map((request) => answers.get(request.jobId) ?? 'already_sent');
}

// A confirmation can wait 50 ms for others to share its statement.
const slotFor = groupCommit(writeSlots, {
  concurrency: databaseWriters,
  lingerMs: 50,
});

/** Whether this job may send its confirmation; the same job asking again keeps its slot. */
export function takeSlot(
  db: Db,
  {
    jobId,
    address,
    network,
    salt,
    now,
  }: { jobId: string; address: string; network: string | null; salt: string; now: Date },
): Promise<Slot> {
  return slotFor({
    db,
    jobId,
    hash: hashAddress(address.trim().toLowerCase(), salt),
    network,
    at: now,
  });
}

/**
 * Forgets the addresses confirmed 24 hours ago or more, once their job is over (one still retrying
 * keeps its slot): the HMAC serves the once-a-day rule and nothing after it. Returns how many went.
 */
export async function forgetExpiredSlots(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`DELETE FROM autoresponses WHERE address_hash IN (
      SELECT a.address_hash FROM autoresponses a
      WHERE a.at <= ${now.toISOString()}::timestamptz - interval '24 hours'
        AND NOT EXISTS (SELECT 1 FROM lead_deliveries d
          WHERE d.id = a.delivery_id AND d.status IN ('pending', 'delivering'))
      LIMIT ${FORGET_BATCH}
    ) RETURNING 1`);
    const removed = (result as unknown as { rows: unknown[] }).rows.length;
    total += removed;
    if (removed < FORGET_BATCH) return total;
  }
}

/**
 * The agency's email about the cap, once per UTC hour however many confirmations it stops: its
 * dedupe key holds across instances, and this process writes it once an hour, not once per lead.
 */
export async function alertCapReached(db: Db, now: Date): Promise<void> {
  const hour = now.toISOString().slice(0, 13);
  if (state.__capAlertWritten === hour) return;
  await writeAlert(
    db,
    { kind: 'autoresponse_cap', cap: env.LEADS_AUTORESPONSE_PER_HOUR, hour: `${hour}:00:00.000Z` },
    `autoresponse-cap:${hour}`,
    now,
  );
  state.__capAlertWritten = hour;
}
