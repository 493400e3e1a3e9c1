import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { leadForms, type LeadForm } from '@/lib/lead-forms';
import { getDatabase } from '@/server/db/client';
import { leadDeliveries, leads } from '@/server/db/schema';
import { deliverNow } from '@/server/outbox/worker';
import { webhookUrlFor } from './config';

/**
 * What the agency can do to stored leads, from the inbox and the command line alike. Every change
 * that sends a lead goes through the outbox (a delivery row, claimed before it is attempted), so a
 * re-send never races the worker into a double delivery.
 */

/** A delivery queued now, with a fresh retry schedule; the stored URL is what is configured now (a record). */
const queuedNow = (url: string | null) => ({
  status: url ? ('pending' as const) : ('skipped' as const),
  attempts: 0,
  nextAttemptAt: url ? new Date() : null,
  lockedUntil: null,
  lastError: url ? null : 'no webhook configured',
  webhookUrl: url,
  updatedAt: new Date(),
});

export type ResendResult = 'sent' | 'failed' | 'not_found' | 'spam' | 'no_webhook' | 'in_flight';

/** Queues a lead's delivery now and makes the attempt (the receiver dedupes on the same Idempotency-Key). */
export async function resendLead(id: string): Promise<ResendResult> {
  const { db } = await getDatabase();
  const [lead] = await db
    .select({ form: leads.form, status: leads.status })
    .from(leads)
    .where(eq(leads.id, id));
  if (!lead) return 'not_found';
  if (lead.status === 'spam') return 'spam';
  const url = webhookUrlFor(lead.form);
  if (!url) return 'no_webhook';
  const deliveryId = await queueDelivery(id, lead.form, url);
  if (!deliveryId) return 'in_flight';
  await deliverNow([deliveryId]);
  const [after] = await db
    .select({ status: leadDeliveries.status })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.id, deliveryId));
  return after?.status === 'delivered' ? 'sent' : 'failed';
}

/** Puts the lead's delivery back in the queue (creating it if it has none); null while an attempt is in flight. */
async function queueDelivery(
  leadId: string,
  form: LeadForm,
  url: string | null,
): Promise<string | null> {
  const { db } = await getDatabase();
  const [updated] = await db
    .update(leadDeliveries)
    .set(queuedNow(url))
    .where(
      and(eq(leadDeliveries.leadId, leadId), notInArray(leadDeliveries.status, ['delivering'])),
    )
    .returning({ id: leadDeliveries.id });
  if (updated) return updated.id;
  const [existing] = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId));
  if (existing) return null;
  const id = randomUUID();
  await db
    .insert(leadDeliveries)
    .values({ id, leadId, form, createdAt: new Date(), ...queuedNow(url) });
  return id;
}

/**
 * Marks a lead as spam (a delivery not yet made is skipped, never sent) or as not spam (its delivery is
 * queued now and attempted). Returns false when there is no such lead.
 */
export async function setSpam(id: string, spam: boolean): Promise<boolean> {
  const { db } = await getDatabase();
  const [lead] = await db
    .update(leads)
    .set({ status: spam ? 'spam' : 'accepted' })
    .where(eq(leads.id, id))
    .returning({ form: leads.form });
  if (!lead) return false;
  if (spam) {
    await db
      .update(leadDeliveries)
      .set({
        status: 'skipped',
        nextAttemptAt: null,
        lastError: 'marked as spam',
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(leadDeliveries.leadId, id),
          inArray(leadDeliveries.status, ['pending', 'failed', 'skipped']),
        ),
      );
    return true;
  }
  const url = webhookUrlFor(lead.form);
  const deliveryId = await queueDelivery(id, lead.form, url);
  if (deliveryId && url) await deliverNow([deliveryId]);
  return true;
}

/** Deletes one lead with its deliveries and attempts; returns how many leads went (0 or 1). */
export async function deleteLead(id: string): Promise<number> {
  const { db } = await getDatabase();
  return (await db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id })).length;
}

/** A person's deletion request: every lead (and delivery) of that address, whatever its case. */
export async function deleteLeadsByEmail(email: string): Promise<number> {
  const { db } = await getDatabase();
  const address = email.trim().toLowerCase();
  if (!address) return 0;
  const removed = await db
    .delete(leads)
    .where(sql`lower(${leads.fields}->>'email') = ${address}`)
    .returning({ id: leads.id });
  return removed.length;
}

const inForm = (form: LeadForm | undefined) =>
  form
    ? inArray(leadDeliveries.leadId, sql`(SELECT id FROM leads WHERE form = ${form})`)
    : undefined;

/** Puts failed deliveries back in the queue with a fresh retry schedule; returns how many. */
export async function requeueFailed({ form }: { form?: LeadForm } = {}): Promise<number> {
  const { db } = await getDatabase();
  const rows = await db
    .update(leadDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(and(eq(leadDeliveries.status, 'failed'), inForm(form)))
    .returning({ id: leadDeliveries.id });
  return rows.length;
}

/**
 * Queues deliveries stored while their form had no webhook, now that one is configured (forms still
 * without one keep theirs). Spam never has a queued delivery. Returns how many were queued.
 */
export async function deliverSkipped({ form }: { form?: LeadForm } = {}): Promise<number> {
  const { db } = await getDatabase();
  let queued = 0;
  for (const each of form ? [form] : leadForms) {
    const url = webhookUrlFor(each);
    if (!url) continue;
    const rows = await db
      .update(leadDeliveries)
      .set(queuedNow(url))
      .where(
        and(
          eq(leadDeliveries.status, 'skipped'),
          inArray(
            leadDeliveries.leadId,
            sql`(SELECT id FROM leads WHERE form = ${each} AND status = 'accepted')`,
          ),
        ),
      )
      .returning({ id: leadDeliveries.id });
    queued += rows.length;
  }
  return queued;
}
