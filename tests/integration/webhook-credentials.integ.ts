import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { POST as postChat } from '@/app/api/chat/route';
import { GET as health } from '@/app/api/health/route';
import { POST as postLead } from '@/app/api/leads/[form]/route';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { leadDeliveries } from '@/server/db/schema';
import { sendTestEvent } from '@/server/leads/overview';
import { n8n, startChatWebhook } from './support/chat-webhook';
import { freshEnvironment, leadRequest, validBodies, waitFor } from './support/helpers';
import { runLeadsCommand } from './support/leads-command';
import { startReceiver } from './support/receiver';

/**
 * Webhook credentials are used to send and nothing else. Both webhooks are protected as an agency
 * protects n8n (user:password@ in the URL, a Header Auth header, the signing secret); after leads,
 * chat, health and every operator command, no credential is in any table, log line (at debug level)
 * or command output, while the receivers prove each was sent.
 */

const LEAD_PASS = 'Lead-Pass-7e1f9c';
const CHAT_PASS = 'Chat-Pass-91c3d2';
const LEAD_HEADER = 'leads-header-secret-5b2d8a';
const CHAT_HEADER = 'chat-header-secret-0d4e6f';
const SECRET = `whsec_${Buffer.from('signing-secret-bytes-for-the-test-3f9a').toString('base64')}`;
const secrets = [
  LEAD_PASS,
  CHAT_PASS,
  LEAD_HEADER,
  CHAT_HEADER,
  SECRET,
  SECRET.slice('whsec_'.length),
  'lead-user:',
  'chat-user:',
];

const receiver = await startReceiver({ secret: SECRET });
const chat = await startChatWebhook();
const chatPort = new URL(chat.url).port;
const LEADS_URL = `http://lead-user:${LEAD_PASS}@127.0.0.1:${new URL(receiver.url).port}/webhook/website-leads`;
const RECORDED_LEADS_URL = `${receiver.url}/webhook/website-leads`;
await freshEnvironment({
  LEADS_WEBHOOK_URL: LEADS_URL,
  LEADS_WEBHOOK_HEADER_NAME: 'X-Leads-Token',
  LEADS_WEBHOOK_HEADER_VALUE: LEAD_HEADER,
  LEADS_WEBHOOK_SECRET: SECRET,
  LEADS_RETRY_SCHEDULE_MS: 'none',
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  CHAT_WEBHOOK_URL: `http://chat-user:${CHAT_PASS}@127.0.0.1:${chatPort}/webhook/4b9e0c1a/chat`,
  CHAT_WEBHOOK_HEADER_NAME: 'X-Chat-Token',
  CHAT_WEBHOOK_HEADER_VALUE: CHAT_HEADER,
  CHAT_TIMEOUT_MS: '1500',
  CHAT_IDLE_TIMEOUT_MS: '600',
  CHAT_RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'debug',
});

const output: string[] = [];
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  vi.spyOn(console, method).mockImplementation(
    (...args: unknown[]) => void output.push(args.map(String).join(' ')),
  );
}

// Opened before the tests, so the embedded database's start-up never counts against one.
beforeAll(async () => void (await getDatabase()));

afterAll(async () => {
  vi.restoreAllMocks();
  await closeDatabase();
  await receiver.stop();
  await chat.stop();
});

const leaked = (text: string) => secrets.filter((secret) => text.includes(secret));

async function lead(email: string) {
  const response = await postLead(
    leadRequest('contact', { body: JSON.stringify({ ...validBodies.contact, email }) }),
    {
      params: Promise.resolve({ form: 'contact' }),
    },
  );
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return id;
}

const settled = (id: string) =>
  waitFor(async () => {
    const [delivery] = await (
      await getDatabase()
    ).db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'webhook')));
    return delivery && ['delivered', 'failed'].includes(delivery.status) ? delivery : undefined;
  });

async function say(chatInput: string, accept = 'application/x-ndjson, application/json') {
  const request = new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ sessionId: '0b6a3c52-8a51-4d5e-9f1c-2a7b3d4e5f60', chatInput }),
  });
  const response = await postChat(request);
  return { status: response.status, text: await response.text() };
}

describe('webhook credentials', () => {
  let delivered = '';
  let failed = '';

  it(
    "are sent with every lead delivery, the inbox's test event and every chat message",
    { timeout: 60_000 },
    async () => {
      receiver.plan('refused@example.com', [404]);
      delivered = await lead('kept@example.com');
      failed = await lead('refused@example.com');
      expect((await settled(delivered)).status).toBe('delivered');
      expect((await settled(failed)).status).toBe('failed');
      expect(await sendTestEvent('contact')).toMatchObject({
        sent: true,
        ok: true,
        httpStatus: 200,
      });
      expect(receiver.received.filter((request) => request.body.test === true)).toHaveLength(1);
      for (const request of receiver.received) {
        expect(request.headers.authorization).toBe(
          `Basic ${Buffer.from(`lead-user:${LEAD_PASS}`).toString('base64')}`,
        );
        expect(request.headers['x-leads-token']).toBe(LEAD_HEADER);
      }
      expect(receiver.unverified()).toEqual([]);

      chat.answerWith({ body: JSON.stringify({ output: 'Hello' }) });
      expect((await say('one', 'application/json')).text).toBe('{"output":"Hello"}');
      chat.answerWith({ stream: [n8n.begin(), n8n.item('Streamed'), n8n.end()] });
      expect((await say('two')).text).toContain('Streamed');
      chat.answerWith({
        status: 404,
        body: '{"code":404,"message":"The requested webhook \\"POST 4b9e0c1a/chat\\" is not registered."}',
      });
      expect((await say('three')).text).toContain('demo');
      chat.answerWith('hang');
      expect((await say('four')).text).toContain('demo');
      chat.answerWith({ status: 500, body: '{"message":"Workflow could not be started!"}' });
      expect((await say('five')).status).toBe(502);
      chat.answerWith({ stream: [n8n.begin(), n8n.item('Half'), 'destroy'] });
      await say('six');
      expect(chat.received.length).toBe(6);
      for (const request of chat.received) {
        expect(request.headers.authorization).toBe(
          `Basic ${Buffer.from(`chat-user:${CHAT_PASS}`).toString('base64')}`,
        );
        expect(request.headers['x-chat-token']).toBe(CHAT_HEADER);
      }
      const report = await (await health()).text();
      expect(report).toContain('"lastStatus"');
      expect(leaked(report)).toEqual([]);
    },
  );

  it('are not in any table of the database; a row holding them in its URL is cleaned by migration 0005', async () => {
    const { db } = await getDatabase();
    const [record] = await db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, delivered), eq(leadDeliveries.channel, 'webhook')));
    expect(record!.webhookUrl).toBe(RECORDED_LEADS_URL); // the record is kept, without its credentials

    // An older row with the password in its URL, and the migration that cleans it.
    await db
      .update(leadDeliveries)
      .set({ webhookUrl: `http://lead-user:${LEAD_PASS}@old.example/webhook/x?a=1` })
      .where(and(eq(leadDeliveries.leadId, failed), eq(leadDeliveries.channel, 'webhook')));
    await db.execute(
      sql.raw(
        readFileSync('src/server/db/migrations/0005_webhook_url_without_credentials.sql', 'utf8'),
      ),
    );
    const [cleaned] = await db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, failed), eq(leadDeliveries.channel, 'webhook')));
    expect(cleaned!.webhookUrl).toBe('http://old.example/webhook/x?a=1');

    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as {
      rows: Array<{ table_name: string }>;
    };
    expect(tables.rows.length).toBeGreaterThanOrEqual(5);
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = (await db.execute(
        sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`),
      )) as unknown as { rows: Array<{ row: string }> };
      dump += rows.rows.map((row) => row.row).join('\n');
    }
    expect(dump).toContain('kept@example.com'); // the dump really holds the data
    expect(leaked(dump)).toEqual([]);
  });

  it('are not in any operator command output', { timeout: 240_000 }, async () => {
    await closeDatabase(); // the embedded database takes one process at a time
    const runs = [
      await runLeadsCommand(['list']),
      await runLeadsCommand(['show', delivered]),
      await runLeadsCommand(['show', failed]),
      await runLeadsCommand(['export', '--csv']),
      await runLeadsCommand(['retry-failed']),
    ];
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(runs[1]!.stdout).toContain(RECORDED_LEADS_URL);
    expect(runs[4]!.stdout).toContain('1 delivery(ies) attempted now');
    const all = runs.map((run) => `${run.stdout}\n${run.stderr}`).join('\n');
    expect(all).toContain('refused@example.com');
    expect(leaked(all)).toEqual([]);
  });

  it('are not in any log line', () => {
    const lines = output.join('\n');
    expect(lines).toContain('chat.webhook_problem'); // the 404 and the timeout were logged, with their cause
    expect(lines).toContain('lead.delivery_attempt');
    expect(leaked(lines)).toEqual([]);
  });
});
