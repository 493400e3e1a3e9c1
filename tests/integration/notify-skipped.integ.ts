import { afterAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { POST } from '@/app/api/leads/[form]/route';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { deliveryHealthReport } from '@/server/outbox/delivery-health';
import { leadJobs } from '@/server/outbox/lead-jobs';
import { writeDigestIfDue } from '@/server/outbox/watchdog';
import { waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freshEnvironment, leadRequest, validBodies } from './support/helpers';
import { runLeadsCommand } from './support/leads-command';

/**
 * A fresh install has no mail server: a lead's emails are recorded as skipped, health says "Email
 * is off", and once SMTP_URL is set, 'Deliver skipped' (here `npm run leads -- send-now --skipped`
 * in a process of its own, as the operator runs it) sends them: the agency's to the site's contact
 * address (the default recipient) and the visitor's confirmation; not the day's digest, whose
 * figures are old by then.
 */

const catcher = await startMailCatcher();
await freshEnvironment({ LEADS_RATE_LIMIT_PER_MINUTE: '0', LEADS_DIGEST_HOUR: '0' });

afterAll(async () => {
  await closeDatabase();
  await catcher.stop();
});

describe('email off, then on', () => {
  it(
    "records the emails as skipped, says so, and 'Deliver skipped' sends them once SMTP_URL is set",
    { timeout: 120_000 },
    async () => {
      const response = await POST(
        leadRequest('growth-audit', {
          body: JSON.stringify({ ...validBodies['growth-audit'], email: 'later@example.com' }),
        }),
        { params: Promise.resolve({ form: 'growth-audit' }) },
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      await waitForOutbox();
      const emails = (await leadJobs(id)).filter((job) => job.channel.endsWith('_email'));
      expect(emails.map((job) => [job.channel, job.status, job.recipient])).toEqual([
        ['agency_email', 'skipped', 'hello@brightline.example'],
        ['visitor_email', 'skipped', 'later@example.com'],
      ]);
      for (const job of emails) expect(job.lastError).toMatch(/^Email is off: set SMTP_URL/);
      const report = await deliveryHealthReport();
      expect(report.email).toMatchObject({ configured: false, status: 'off' });
      expect(report.email.hint).toMatch(/^Email is off: set SMTP_URL/);
      expect(report.forms['growth-audit'].agency_email.skipped).toBe(1);
      const body = (await (await health()).json()) as Record<string, unknown>;
      expect(body.email).toEqual({ configured: false, working: null });
      expect(body.chatApp).toEqual({ configured: false, working: null });
      const { db } = await getDatabase();
      expect(await writeDigestIfDue(db, new Date())).toBe(true);

      await closeDatabase(); // the embedded database takes one process at a time
      const run = await runLeadsCommand(['send-now', '--skipped'], { SMTP_URL: catcher.url() });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('2 delivery(ies) attempted now: 2 delivered');
      expect(catcher.accepted.map((m) => m.envelope.to[0]).sort()).toEqual([
        'hello@brightline.example',
        'later@example.com',
      ]);
      const confirmation = catcher.accepted.find((m) => m.envelope.to[0] === 'later@example.com')!;
      expect(confirmation.parsed.subject).toBe('Your growth blueprint is on its way');
      expect(catcher.accepted.map((m) => m.parsed.subject)).not.toContainEqual(
        expect.stringMatching(/^Leads digest/),
      );
      expect(run.stdout + run.stderr).not.toContain(catcher.url());
    },
  );
});
