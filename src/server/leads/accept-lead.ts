import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Attribution, LeadForm } from '@/lib/schemas/leads';
import { getDatabase } from '@/server/db/client';
import { leadDeliveries, leads, type LeadStatus } from '@/server/db/schema';

export type NewLead = {
  form: LeadForm;
  status: LeadStatus;
  fields: Record<string, string>;
  attribution: Attribution;
  ipHash: string | null;
  userAgent: string | null;
  /** Where to deliver it; null: stored with a 'skipped' delivery (no webhook configured). */
  webhookUrl: string | null;
};

export type AcceptedLead = { leadId: string; /** the delivery to attempt now, if any */ deliveryId: string | null };

/**
 * The transactional outbox's write side: the lead and its delivery row commit
 * together or not at all, and the caller answers success only after this
 * returns. Spam is stored for the record but gets no delivery row, so nothing
 * can ever send it.
 */
export async function acceptLead(lead: NewLead, now = new Date()): Promise<AcceptedLead> {
  const { db } = await getDatabase();
  const leadId = randomUUID();
  const deliveryId = randomUUID();
  const deliver = lead.status === 'accepted';
  await db.transaction(async (tx) => {
    await tx.insert(leads).values({
      id: leadId,
      form: lead.form,
      status: lead.status,
      fields: lead.fields,
      attribution: lead.attribution,
      createdAt: now,
      ipHash: lead.ipHash,
      userAgent: lead.userAgent,
    });
    if (!deliver) return;
    await tx.insert(leadDeliveries).values({
      id: deliveryId,
      leadId,
      webhookUrl: lead.webhookUrl,
      status: lead.webhookUrl ? 'pending' : 'skipped',
      nextAttemptAt: lead.webhookUrl ? now : null,
      lastError: lead.webhookUrl ? null : 'no webhook configured',
      createdAt: now,
      updatedAt: now,
    });
  });
  return { leadId, deliveryId: deliver && lead.webhookUrl ? deliveryId : null };
}
