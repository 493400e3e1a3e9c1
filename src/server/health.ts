import 'server-only';
import { count, inArray, eq } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { chatWebhookHealth, type ChatWebhookHealth } from '@/server/chat/webhook-health';
import { leadDeliveries } from '@/server/db/schema';
import { describeError, log } from '@/server/log';

export type HealthReport =
  | {
      ok: true;
      database: 'up';
      outbox: { pending: number; failed: number };
      chat: ChatWebhookHealth;
    }
  | { ok: false; database: 'down'; chat: ChatWebhookHealth };

/**
 * GET /api/health: the database answers, how many deliveries wait or have failed, and the chat
 * webhook's last state in this process (a misconfigured one otherwise looks like the demo assistant).
 * `ok` is about the database only: the site takes leads without the chat.
 */
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
    return {
      ok: true,
      database: 'up',
      outbox: { pending: pending?.n ?? 0, failed: failed?.n ?? 0 },
      chat: chatWebhookHealth(),
    };
  } catch (error) {
    log('error', 'health.database_down', { error: describeError(error) });
    return { ok: false, database: 'down', chat: chatWebhookHealth() };
  }
}
