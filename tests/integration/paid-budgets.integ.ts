import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { POST as chatPost } from '@/app/api/chat/route';
import { POST as voicePost } from '@/app/api/voice/web-call/route';
import { alertEmails } from '@/content/emails';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { budgetsThisHour } from '@/server/http/rate-limit';
import { runOutboxOnce, waitForOutbox } from '@/server/outbox/worker';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { replyWith, startChatWebhook } from './support/chat-webhook';
import { freshEnvironment, PEER_ADDRESS_HEADER, setEnvironment } from './support/helpers';
import { startVoiceProvider } from './support/voice-provider';

/**
 * The paid services' hourly budgets, from all visitors together: the chat webhook and the voice
 * provider are stand-ins on 127.0.0.1, the alert goes through the outbox to a real SMTP server.
 * With LEADS_TEST_DATABASE=postgres the counters live in that server (shared by instances),
 * otherwise in memory beside the embedded database.
 */

const CHAT_BUDGET = 3;
const VOICE_BUDGET = 2;
const webhook = await startChatWebhook();
const provider = await startVoiceProvider();
const catcher = await startMailCatcher();
const { databaseUrl } = await freshEnvironment({
  CHAT_WEBHOOK_URL: webhook.url,
  CHAT_RATE_LIMIT_PER_MINUTE: '0',
  CHAT_MESSAGES_PER_HOUR: String(CHAT_BUDGET),
  RETELL_API_KEY: 'key_budget_5c1d9e2f7a3b',
  RETELL_AGENT_ID: 'agent_budget',
  RETELL_BASE_URL: provider.url,
  VOICE_RATE_LIMIT_PER_MINUTE: '0',
  VOICE_CALLS_PER_HOUR: String(VOICE_BUDGET),
  SMTP_URL: catcher.url(),
  LEADS_ALERT_TO: 'ops@agency.example',
  TRUST_PROXY: '0',
  LOG_LEVEL: 'warn',
});
webhook.answerWith(replyWith('Happy to help.'));

const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
const warnings = (event: string) =>
  stderr.mock.calls
    .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
    .filter((line) => line.event === event);

// Each request from an address of its own: the budget is about all visitors, not one.
let address = 0;
const from = () => ({ [PEER_ADDRESS_HEADER]: `198.51.100.${++address}` });
const chatMessage = () =>
  chatPost(
    new Request('http://localhost/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: JSON.stringify({
        sessionId: '0b6a3c52-8a51-4d5e-9f1c-2a7b3d4e5f60',
        chatInput: 'What are your hours?',
      }),
    }),
  );
const voiceCall = () =>
  voicePost(
    new Request('http://localhost/api/voice/web-call', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: '{}',
    }),
  );

const alertsAbout = (subject: string) =>
  catcher.accepted.filter(
    (message) =>
      message.envelope.to.includes('ops@agency.example') && message.parsed.subject === subject,
  );

/** The site's clock (Date only: timers and the sockets' deadlines keep real time). */
const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(async () => {
  await getDatabase();
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  stderr.mockClear();
});

afterAll(async () => {
  vi.useRealTimers();
  stderr.mockRestore();
  await waitForOutbox();
  await closeDatabase();
  await Promise.all([webhook.stop(), provider.stop(), catcher.stop()]);
});

describe('the chat budget', () => {
  it(`passes ${CHAT_BUDGET} messages an hour to the webhook from all visitors, then 503 over_budget until the hour ends, and tells the agency once`, async () => {
    at('2034-03-01T10:40:00.000Z');
    const before = webhook.received.length;
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_BUDGET; i += 1) statuses.push((await chatMessage()).status);
    expect(statuses).toEqual(Array(CHAT_BUDGET).fill(200));

    at('2034-03-01T10:59:30.000Z');
    const refused = await chatMessage();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ error: 'over_budget', retryAfter: 30 });
    expect((await chatMessage()).status).toBe(503);
    expect(webhook.received.length - before).toBe(CHAT_BUDGET);
    expect(warnings('chat.budget_reached')).toEqual([
      expect.objectContaining({ level: 'warn', limit: CHAT_BUDGET }),
    ]);
    // What the inbox's overview shows: the hour's count, refusals included, and when it starts again.
    expect((await budgetsThisHour()).find((budget) => budget.service === 'chat')).toEqual({
      service: 'chat',
      limit: CHAT_BUDGET,
      used: CHAT_BUDGET + 2,
      resetsAt: new Date('2034-03-01T11:00:00.000Z'),
    });

    await runOutboxOnce();
    await waitForOutbox();
    const subject = alertEmails.budgetReached.chat.subject;
    expect(alertsAbout(subject)).toHaveLength(1);
    const text = alertsAbout(subject)[0]!.parsed.text ?? '';
    expect(text).toContain(`Visitors sent ${CHAT_BUDGET} chat messages`);
    expect(text).toContain('CHAT_MESSAGES_PER_HOUR');

    // A new hour, a new budget.
    at('2034-03-01T11:00:00.500Z');
    expect((await chatMessage()).status).toBe(200);
    expect(webhook.received.length - before).toBe(CHAT_BUDGET + 1);
    expect((await budgetsThisHour())[0]).toMatchObject({ service: 'chat', used: 1 });
  });

  it('counts no demo reply: without a webhook nothing is paid for', async () => {
    at('2034-03-01T12:10:00.000Z');
    setEnvironment({ CHAT_WEBHOOK_URL: '' });
    try {
      for (let i = 0; i < CHAT_BUDGET + 2; i += 1) {
        const response = await chatMessage();
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ demo: true });
      }
    } finally {
      setEnvironment({ CHAT_WEBHOOK_URL: webhook.url });
    }
    expect((await chatMessage()).status).toBe(200);
  });
});

describe('the voice budget', () => {
  it(`starts ${VOICE_BUDGET} paid calls an hour, then 503 over_budget with no call, and tells the agency once`, async () => {
    at('2034-03-01T13:05:00.000Z');
    provider.reset();
    const statuses: number[] = [];
    for (let i = 0; i < VOICE_BUDGET + 2; i += 1) statuses.push((await voiceCall()).status);
    expect(statuses).toEqual([...Array(VOICE_BUDGET).fill(200), 503, 503]);
    expect(provider.requests).toHaveLength(VOICE_BUDGET);
    expect(warnings('voice.budget_reached')).toHaveLength(1);

    await runOutboxOnce();
    await waitForOutbox();
    expect(alertsAbout(alertEmails.budgetReached.voice.subject)).toHaveLength(1);
  });
});

describe.runIf(databaseUrl)('on PostgreSQL', () => {
  it('keeps the hour in the shared table, so every instance spends from one budget', async () => {
    at('2034-03-01T14:20:00.000Z');
    await chatMessage();
    const { db } = await getDatabase();
    const rows = (await db.execute(
      sql`SELECT window_start, count FROM rate_limit_windows WHERE key = 'budget:chat'`,
    )) as unknown as { rows: Array<{ window_start: string | Date; count: number }> };
    expect(rows.rows).toHaveLength(1);
    expect(new Date(rows.rows[0]!.window_start).toISOString()).toBe('2034-03-01T14:00:00.000Z');
    expect(rows.rows[0]!.count).toBe(1);
  });
});
