import 'server-only';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { leadNotes, leads, type LeadNote, type LeadStage } from '@/server/db/schema';
import { isUuid } from '@/lib/uuid';

/** Working a lead: its status (stage), notes, whether anyone has opened it. */

export const MAX_NOTE_CHARS = 2000;

type StageChange = { id: string; from: LeadStage; to: LeadStage };

/** A status change made, and a lead left as it was because it changed since it was shown. */
export type StageResult = {
  changes: StageChange[];
  stale: { id: string; now: LeadStage }[];
};

/**
 * Sets the status of the given leads; a lead's first change records its first response. `shown`
 * is the status each lead had on the operator's screen: a lead whose status someone else has
 * changed since is left as it is (stale), so a page or list open meanwhile never overwrites it.
 */
export async function setStage(
  ids: string[],
  stage: LeadStage,
  { shown = new Map() }: { shown?: ReadonlyMap<string, LeadStage> } = {},
): Promise<StageResult> {
  if (ids.length === 0) return { changes: [], stale: [] };
  const { db } = await getDatabase();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: leads.id, stage: leads.stage })
      .from(leads)
      .where(and(inArray(leads.id, ids), ne(leads.stage, stage)))
      .for('update');
    const isStale = (row: { id: string; stage: LeadStage }) =>
      shown.has(row.id) && shown.get(row.id) !== row.stage;
    const before = rows.filter((row) => !isStale(row));
    const stale = rows.filter(isStale).map((row) => ({ id: row.id, now: row.stage }));
    if (before.length > 0)
      await tx
        .update(leads)
        // A lead worked from the list (bulk status) is no longer unopened: someone has dealt with it.
        .set({
          stage,
          firstResponseAt: sql`coalesce(${leads.firstResponseAt}, now())`,
          seenAt: sql`coalesce(${leads.seenAt}, now())`,
        })
        .where(
          inArray(
            leads.id,
            before.map((row) => row.id),
          ),
        );
    return { changes: before.map((row) => ({ id: row.id, from: row.stage, to: stage })), stale };
  });
}

/** Adds a note by `author` (an operator's email); null when there is no such lead. */
export async function addNote(
  leadId: string,
  author: string,
  body: string,
): Promise<string | null> {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(leadNotes)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          leadId: leads.id,
          author: sql<string>`${author}`.as('author'),
          body: sql<string>`${body}`.as('body'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(leads)
        .where(eq(leads.id, leadId)),
    )
    .returning({ id: leadNotes.id });
  return row?.id ?? null;
}

/** A lead's notes, newest first. */
export async function notesOf(leadId: string): Promise<LeadNote[]> {
  const { db } = await getDatabase();
  return db
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(desc(leadNotes.createdAt));
}

/** The lead an inbox path opens (`/admin/leads/<id>`), if it names one. */
export function leadOpenedBy(path: string): string | null {
  const id = /^\/admin\/leads\/([^/?#]+)\/?(?:[?#]|$)/.exec(path)?.[1];
  return id && isUuid(id) ? id : null;
}

/** Records that an operator opened the lead (the first time only). */
export async function markSeen(leadId: string): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(leads)
    .set({ seenAt: new Date() })
    .where(and(eq(leads.id, leadId), isNull(leads.seenAt)));
}
