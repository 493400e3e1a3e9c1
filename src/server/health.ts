import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { chatWebhookHealth, type ChatWebhookHealth } from '@/server/chat/webhook-health';
import { deliveryChannels, leadDeliveries, type DeliveryChannel } from '@/server/db/schema';
import { sharedPathsWorking } from '@/server/outbox/delivery-health';
import { emailConfigured } from '@/server/outbox/email/transport';
import { chatUrl } from '@/server/outbox/targets';
import { intakeHealth, type IntakeHealth } from '@/server/leads/intake-health';
import { describeError, log } from '@/server/log';

type Counts = { pending: number; failed: number };

export type HealthReport =
  | {
      /** False while leads are refused: the database answers but does not store them. */
      ok: boolean;
      database: 'up';
      intake: IntakeHealth;
      /** Every channel's jobs together, then each channel's. */
      outbox: Counts & { channels: Record<DeliveryChannel, Counts> };
      /** `working`: whether its last attempt worked (null: none yet), for a monitor to alert on. */
      email: { configured: boolean; working: boolean | null };
      /** The chat app told of each lead (LEADS_NOTIFY_CHAT_URL), not the site's chat assistant. */
      chatApp: { configured: boolean; working: boolean | null };
      chat: ChatWebhookHealth;
    }
  | { ok: false; database: 'down'; intake: IntakeHealth; chat: ChatWebhookHealth };

/**
 * GET /api/health: whether the database answers and stores leads, outbox jobs waiting or failed,
 * whether email and the chat app are configured and working, the chat assistant's webhook's last
 * state. `ok` is about taking leads only: the site takes them without the rest. Public: counts and
 * codes only.
 */
export async function healthReport(): Promise<HealthReport> {
  try {
    const { db } = await getDatabase();
    const rows = await db
      .select({
        channel: leadDeliveries.channel,
        status: leadDeliveries.status,
        n: sql<number>`count(*)::int`,
      })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.status, ['pending', 'delivering', 'failed']))
      .groupBy(leadDeliveries.channel, leadDeliveries.status);
    const channels = Object.fromEntries(
      deliveryChannels.map((channel) => [channel, { pending: 0, failed: 0 }]),
    ) as Record<DeliveryChannel, Counts>;
    for (const { channel, status, n } of rows) {
      const counts = channels[channel];
      if (!counts) continue;
      if (status === 'failed') counts.failed += n;
      else counts.pending += n;
    }
    const total = (key: keyof Counts) =>
      Object.values(channels).reduce((sum, counts) => sum + counts[key], 0);
    const intake = intakeHealth();
    const working = await sharedPathsWorking(db);
    return {
      ok: intake.storing,
      database: 'up',
      intake,
      outbox: { pending: total('pending'), failed: total('failed'), channels },
      email: { configured: emailConfigured(), working: working.email },
      chatApp: { configured: chatUrl() !== null, working: working.chat },
      chat: chatWebhookHealth(),
    };
  } catch (error) {
    log('error', 'health.database_down', { error: describeError(error) });
    return { ok: false, database: 'down', intake: intakeHealth(), chat: chatWebhookHealth() };
  }
}
