import 'server-only';
import { count, inArray, eq } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { leadDeliveries } from '@/server/db/schema';
import { describeError, log } from '@/server/log';

export type HealthReport = { ok: true; database: 'up'; outbox: { pending: number; failed: number } } | { ok: false; database: 'down' };

/** GET /api/health: the database answers, and how many deliveries wait or have failed. */
export async function healthReport(): Promise<HealthReport> {
  try {
    const { db } = await getDatabase();
    const [[pending], [failed]] = await Promise.all([
      db
        .select({ n: count() })
        .from(leadDeliveries)
        .where(inArray(leadDeliveries.status, ['pending', 'delivering'])),
      db.select({ n: count() }).from(leadDeliveries).where(eq(leadDeliveries.status, 'failed')),
    ]);
    return { ok: true, database: 'up', outbox: { pending: pending?.n ?? 0, failed: failed?.n ?? 0 } };
  } catch (error) {
    log('error', 'health.database_down', { error: describeError(error) });
    return { ok: false, database: 'down' };
  }
}
