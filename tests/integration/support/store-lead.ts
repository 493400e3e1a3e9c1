import { acceptLead } from '@/server/leads/accept-lead';
import { validBodies } from './helpers';

/**
 * Stores a lead of `form` (its valid body, `fields` over it) as intake does, with its jobs, but
 * leaves the first attempt to the outbox's sweep: the test runs it when, and at what clock, it
 * chooses.
 */
export async function storeLead(
  form: keyof typeof validBodies,
  fields: Record<string, string> = {},
  { now }: { now?: Date } = {},
): Promise<string> {
  const { leadId } = await acceptLead(
    {
      form,
      status: 'accepted',
      fields: { ...validBodies[form], ...fields },
      attribution: {},
      ipHash: null,
      userAgent: null,
      network: null,
    },
    { claimFirstAttempt: false, timeoutMs: 0, now }, // unclaimed: no lease to size
  );
  return leadId;
}
