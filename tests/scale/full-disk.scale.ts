import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, describe, expect, it } from 'vitest';
import { intakeErrorWords, intakeNotice } from '@/content/admin';
import { ALERT_AFTER_MS, PROBE_EVERY_MS } from '@/server/leads/intake-health';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { chromiumLaunchOptions } from '../e2e/support/servers';
import { runLeadsCommand } from '../integration/support/leads-command';
import { validBodies } from '../integration/support/helpers';
import { axeViolations } from '../support/axe';
import { smallDisk } from '../support/small-disk';
import { BASE_PORT, killAll, startInstance } from './support/instance';

/**
 * The disk under the embedded database fills up while the production server runs: a small tmpfs
 * of its own, filled to the last byte. Every lead is then answered 201 (stored) or 503 (refused),
 * never lost once acknowledged; health and the inbox say so; the agency is emailed a minute in and
 * again when space is freed, which the site notices by itself.
 */

const disk = smallDisk(96);
const dataDir = path.join(disk.folder, 'pglite');
const OPERATOR = 'disk-operator@agency.example';
const PASSWORD = 'a passphrase for the full disk';
const catcher = await startMailCatcher();

afterAll(async () => {
  killAll();
  await catcher.stop();
  disk.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!disk.mounted)('a full disk under the embedded database', () => {
  it('refuses leads 503 and never loses an acknowledged one; health, the inbox and the agency are told, and told again when space is freed', async () => {
    const port = BASE_PORT + 3;
    const base = `http://127.0.0.1:${port}`;
    const instance = await startInstance(port, {
      LEADS_DATA_DIR: dataDir,
      LEADS_RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: catcher.url(),
      LEADS_NOTIFY_TO: 'team@agency.example',
      LEADS_ALERT_TO: 'ops@agency.example',
      // Sessions are renewed every 30 s of use: the inbox is seen again once that write fails.
      ADMIN_SESSION_IDLE_MINUTES: '2',
    });
    expect(
      await runLeadsCommand(
        ['add-operator', OPERATOR],
        { LEADS_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        `${PASSWORD}\n`,
      ),
    ).toMatchObject({ code: 0 });
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${base}/admin/sign-in`);
      await page.getByLabel('Email').fill(OPERATOR);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${base}/admin`);

      let n = 0;
      const post = async () => {
        const response = await fetch(`${base}/api/leads/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...validBodies.contact, email: `disk${n++}@example.com` }),
        });
        return {
          status: response.status,
          id: response.status === 201 ? ((await response.json()) as { id: string }).id : null,
        };
      };
      const answers = [await post()];
      expect(answers[0]!.status).toBe(201);

      disk.fill();
      // What the database already holds takes a few more leads before a table must grow.
      while (answers.filter((answer) => answer.status === 503).length < 3 && n < 5_000)
        answers.push(await post());
      const firstRefusal = Date.now();
      expect(answers.filter((answer) => ![201, 503].includes(answer.status))).toEqual([]);
      const refused = answers.filter((answer) => answer.status === 503).length;
      expect(refused).toBe(3);

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        ok: false,
        database: 'up',
        intake: { storing: false, refused: 3, error: 'disk_full' },
      });

      // The inbox still opens, with the notice on top, and axe finds nothing in it.
      await page.goto(`${base}/admin`);
      const notice = page.getByRole('region', { name: intakeNotice.heading });
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain(
        `${intakeErrorWords.disk_full}. Refused so far: 3.`,
      );
      expect(await axeViolations(page)).toEqual([]);

      // One email to the alert address once the refusal has lasted a minute.
      const alerts = () =>
        catcher.accepted.filter((message) => message.envelope.to.includes('ops@agency.example'));
      const deadline = firstRefusal + ALERT_AFTER_MS + PROBE_EVERY_MS + 10_000;
      while (alerts().length === 0 && Date.now() < deadline) await sleep(500);
      expect(alerts().map((message) => message.parsed.subject)).toEqual([
        'The website is refusing leads: the disk is full',
      ]);
      expect(alerts()[0]!.acceptedAt).toBeGreaterThanOrEqual(firstRefusal + ALERT_AFTER_MS - 1_000);
      await page.goto(`${base}/admin`);
      expect(await notice.isVisible()).toBe(true);

      // Space comes back: the site notices within a probe's interval, with no lead to tell it.
      disk.free();
      const freed = Date.now();
      while (alerts().length < 2 && Date.now() < freed + PROBE_EVERY_MS + 10_000) await sleep(500);
      expect(alerts()[1]?.parsed.subject).toBe('The website stores leads again');
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      await page.goto(`${base}/admin`);
      expect(await page.locator('h1').textContent()).toBe('Leads');
      expect(await notice.count()).toBe(0);
      answers.push(await post());
      expect(answers.at(-1)!.status).toBe(201);

      // Every lead acknowledged, before the disk filled or while it was full, is stored.
      instance.process.kill('SIGTERM');
      await instance.exited;
      const listed = await runLeadsCommand(['export', '--csv'], {
        LEADS_DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      });
      const acknowledged = answers.flatMap((answer) => (answer.id ? [answer.id] : []));
      expect(acknowledged.filter((id) => !listed.stdout.includes(id))).toEqual([]);
      console.log(
        `[full disk] ${acknowledged.length} leads acknowledged and stored (${acknowledged.length - 2} after the disk filled), ` +
          `${refused} refused; alert ${Math.round((alerts()[0]!.acceptedAt! - firstRefusal) / 1000)} s after the first refusal, ` +
          `recovery noticed ${Math.round((alerts()[1]!.acceptedAt! - freed) / 1000)} s after space was freed`,
      );
    } finally {
      await browser.close();
    }
  });
});
