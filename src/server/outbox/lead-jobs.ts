import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@/lib/uuid';
import { getDatabase } from '@/server/db/client';
import {
  deliveryChannels,
  leadDeliveries,
  leadDeliveryAttempts,
  type LeadDelivery,
  type LeadDeliveryAttempt,
} from '@/server/db/schema';

/** `attempts` is the count; `history` every attempt made. */
export type LeadJob = Omit<LeadDelivery, 'payload'> & { history: LeadDeliveryAttempt[] };

/** A lead's outbox jobs for its inbox page, in channel order, with attempts oldest first. */
export async function leadJobs(leadId: string): Promise<LeadJob[]> {
  if (!isUuid(leadId)) return [];
  const { db } = await getDatabase();
  const jobs = await db
    .select()
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId))
    .orderBy(asc(leadDeliveries.createdAt));
  if (jobs.length === 0) return [];
  const attempts = await db
    .select()
    .from(leadDeliveryAttempts)
    .where(
      inArray(
        leadDeliveryAttempts.deliveryId,
        jobs.map((job) => job.id),
      ),
    )
    .orderBy(asc(leadDeliveryAttempts.startedAt), asc(leadDeliveryAttempts.attempt));
  const order = (job: LeadDelivery) => deliveryChannels.indexOf(job.channel);
  return jobs
    .sort((a, b) => order(a) - order(b))
    .map(({ payload: _payload, ...job }) => ({
      ...job,
      history: attempts.filter((attempt) => attempt.deliveryId === job.id),
    }));
}
