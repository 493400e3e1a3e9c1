import 'server-only';
import { getDatabase } from '@/server/db/client';
import type { BudgetAlert } from '@/server/http/endpoint';
import { writeAlert } from './jobs';

/**
 * The agency's email when the chat or the voice demo reaches its hourly budget: its dedupe key
 * keeps it to one per service and clock hour, however many instances refuse.
 */
export const alertBudgetReached: BudgetAlert = async (service, limit, now) => {
  const hour = now.toISOString().slice(0, 13);
  const { db } = await getDatabase();
  await writeAlert(
    db,
    { kind: 'budget_reached', service, limit, hour: `${hour}:00:00.000Z` },
    `budget:${service}:${hour}`,
    now,
  );
};
