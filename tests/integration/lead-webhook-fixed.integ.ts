import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { POST } from '@/app/api/leads/[form]/route';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { leadDeliveries } from '@/server/db/schema';
import { runOutboxOnce, outboxOptions } from '@/server/outbox/worker';
import { freshEnvironment, leadRequest, validBodies, waitFor } from './support/helpers';
import { runLeadsCommand } from './support/leads-command';
import { startReceiver } from './support/receiver';
import { storeLead } from './support/store-lead';

/**
 * A delivery goes to the form's webhook as configured when the attempt is made, not to the URL
 * stored with the lead. The case: LEADS_WEBHOOK_URL points at n8n's /webhook-test/ URL (404 once
 * the editor stops listening); the agency fixes the setting and runs `npm run leads --
 * retry-failed` (send-now), and the lead reaches the new URL exactly once.
 */

const SECRET = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
const wrong = await startReceiver({ secret: SECRET });
const fixed = await startReceiver({ secret: SECRET });
wrong.setDefault(404);
const WRONG_URL = `${wrong.url}/webhook-test/website-leads`;
const FIXED_URL = `${fixed.url}/webhook/website-leads`;
await freshEnvironment({
  LEADS_WEBHOOK_URL: WRONG_URL,
  LEADS_WEBHOOK_SECRET: SECRET,
  LEADS_RETRY_SCHEDULE_MS: 'none',
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
});

afterAll(async () => {
  await closeDatabase();
  await wrong.stop();
  await fixed.stop();
});

const deliveryOf = async (leadId: string) =>
  (
    await (
      await getDatabase()
    ).db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, leadId), eq(leadDeliveries.channel, 'webhook')))
  )[0];

describe('fixing LEADS_WEBHOOK_URL, then retry-failed', () => {
  it(
    'delivers a lead that failed with 404 to the new URL exactly once',
    { timeout: 120_000 },
    async () => {
      const response = await POST(
        leadRequest('contact', {
          body: JSON.stringify({ ...validBodies.contact, email: 'fixed@example.com' }),
        }),
        {
          params: Promise.resolve({ form: 'contact' }),
        },
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const failed = await waitFor(
        async () => ((await deliveryOf(id))?.status === 'failed' ? deliveryOf(id) : undefined),
        { what: 'the 404 to fail it' },
      );
      expect(failed).toMatchObject({ lastStatus: 404, webhookUrl: WRONG_URL });
      expect(wrong.forLead(id)).toHaveLength(1);
      await closeDatabase(); // the embedded database takes one process at a time

      // Re-sent before the fix, it fails again, and the exit code says so.
      const early = await runLeadsCommand(['retry-failed']);
      expect(early.stdout).toContain('1 delivery(ies) attempted now: 0 delivered');
      expect(early.code).toBe(1);
      expect(wrong.forLead(id)).toHaveLength(2);

      // The operator fixes the setting and re-sends; the command reads the new configuration.
      const retried = await runLeadsCommand(['retry-failed'], { LEADS_WEBHOOK_URL: FIXED_URL });
      expect(retried.stderr).toBe('');
      expect(retried.code).toBe(0);
      expect(retried.stdout).toContain('1 delivery(ies) attempted now: 1 delivered');

      await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show up
      const delivered = fixed.forLead(id);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.path).toBe('/webhook/website-leads');
      expect(delivered[0]!.verified).toBe(true);
      expect(delivered[0]!.body).toMatchObject({
        email: 'fixed@example.com',
        source: 'contact_us_page',
      });
      expect(wrong.forLead(id)).toHaveLength(2); // the old URL was not tried again

      // The stored URL records where it went: the new one.
      expect(await deliveryOf(id)).toMatchObject({
        status: 'delivered',
        lastStatus: 200,
        webhookUrl: FIXED_URL,
      });
      await closeDatabase();
      const shown = await runLeadsCommand(['show', id], { LEADS_WEBHOOK_URL: FIXED_URL });
      expect(shown.code).toBe(0);
      const record = JSON.parse(shown.stdout) as {
        deliveries: Array<{ channel: string; webhookUrl: string; status: string }>;
        attempts: Array<{ httpStatus: number }>;
      };
      expect(record.deliveries.find((d) => d.channel === 'webhook')).toMatchObject({
        status: 'delivered',
        webhookUrl: FIXED_URL,
      });
      expect(record.attempts.map((attempt) => attempt.httpStatus)).toEqual([404, 404, 200]);
    },
  );

  it(
    'sends a lead recorded with the wrong URL to the one configured when it is re-sent',
    { timeout: 120_000 },
    async () => {
      // Stored while the wrong URL is configured (the record says so); this process has WRONG_URL
      // too, so the attempt goes there...
      const leadId = await storeLead('demo');
      await runOutboxOnce(outboxOptions());
      expect(wrong.forLead(leadId)).toHaveLength(1);
      expect((await deliveryOf(leadId))!.status).toBe('failed');
      // ...and a process started with the fixed setting sends it to FIXED_URL.
      await closeDatabase();
      const retried = await runLeadsCommand(['retry-failed', '--form', 'demo'], {
        LEADS_WEBHOOK_URL: FIXED_URL,
      });
      expect(retried.code).toBe(0);
      expect(fixed.forLead(leadId)).toHaveLength(1);
      expect(wrong.forLead(leadId)).toHaveLength(1);
      expect([...wrong.unverified(), ...fixed.unverified()]).toEqual([]);
    },
  );
});
