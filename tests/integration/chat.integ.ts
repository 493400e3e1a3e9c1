import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { replyWith, startChatWebhook } from './support/chat-webhook';
import { forgedAddressHeaders, freshEnvironment, PEER_ADDRESS_HEADER } from './support/helpers';

/**
 * POST /api/chat called in-process, forwarding to a real HTTP stand-in for the
 * chat webhook on 127.0.0.1: the forwarded body, each kind of webhook answer
 * (reply, 404, HTML, 500, hanging past the timeout, refused), every refusal
 * (400, 403, 413, 415, 422, 429) and never a 500. Under LEADS_TEST_DATABASE=postgres
 * the rate-limit windows live in that server (shared by instances); otherwise in memory.
 */

const webhook = await startChatWebhook();
const SITE = 'https://www.example-agency.test';
await freshEnvironment({
  NEXT_PUBLIC_SITE_URL: SITE,
  CHAT_WEBHOOK_URL: webhook.url,
  CHAT_TIMEOUT_MS: '1000',
  CHAT_RATE_LIMIT_PER_MINUTE: '5',
  TRUST_PROXY: '0',
  LOG_LEVEL: 'info',
});
const { POST } = await import('@/app/api/chat/route');
const { chatApiCopy } = await import('@/content/chat');
const { closeDatabase } = await import('@/server/db/client');

const sessionId = '0b6a3c52-8a51-4d5e-9f1c-2a7b3d4e5f60';
let address = 0;

type Init = { body?: BodyInit | null; json?: unknown; contentType?: string | null; headers?: Record<string, string>; ip?: string };

/** Each call comes from its own address unless one is given, so only the rate-limit test meets the limit. */
function chatRequest({ body, json, contentType = 'application/json', headers = {}, ip = `203.0.113.${++address}` }: Init = {}): Request {
  const all: Record<string, string> = { [PEER_ADDRESS_HEADER]: ip, ...headers };
  if (contentType) all['content-type'] = contentType;
  const payload = json !== undefined ? JSON.stringify(json) : (body ?? null);
  return new Request('http://localhost/api/chat', { method: 'POST', headers: all, body: payload, duplex: 'half' } as RequestInit);
}

async function post(init: Init = {}) {
  const response = await POST(chatRequest(init));
  return { response, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const valid = (chatInput = 'Hello, do you work weekends?') => ({ sessionId, chatInput, metadata: { page: '/ai-chatbot' } });

let logs: string[] = [];
beforeEach(() => {
  logs = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logs.push(line));
  webhook.received.length = 0;
  webhook.answerWith((body) => replyWith(`You said: ${String(body.chatInput)}`));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await webhook.stop();
  await closeDatabase();
});

describe('POST /api/chat forwarding', () => {
  it('forwards exactly the n8n chat body and returns the webhook output', async () => {
    webhook.answerWith(replyWith('We are open 24/7. Book at https://cal.example/x'));
    const { status, body, response } = await post({ json: valid(), headers: { origin: SITE } });
    expect(status).toBe(200);
    expect(body).toEqual({ output: 'We are open 24/7. Book at https://cal.example/x' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(webhook.received).toHaveLength(1);
    const [forwarded] = webhook.received;
    expect(forwarded!.method).toBe('POST');
    expect(forwarded!.path).toBe('/webhook/chat');
    expect(forwarded!.headers['content-type']).toBe('application/json');
    expect(forwarded!.rawBody).toBe(
      JSON.stringify({ action: 'sendMessage', sessionId, route: 'general', chatInput: 'Hello, do you work weekends?', metadata: { page: '/ai-chatbot' } }),
    );
  });

  it('accepts `message` for `chatInput`, trims it and sends {} when there is no metadata', async () => {
    const { status } = await post({ json: { sessionId, message: '  Hi there  ' } });
    expect(status).toBe(200);
    expect(webhook.received[0]!.body).toEqual({ action: 'sendMessage', sessionId, route: 'general', chatInput: 'Hi there', metadata: {} });
  });

  it("reads n8n's array answer", async () => {
    webhook.answerWith({ body: JSON.stringify([{ output: 'From the array' }]) });
    expect((await post({ json: valid() })).body).toEqual({ output: 'From the array' });
  });

  it('answers with the demo greeting when the webhook answers 404', async () => {
    webhook.answerWith({ status: 404, body: JSON.stringify({ code: 404, message: 'The requested webhook is not registered.' }) });
    const { status, body } = await post({ json: valid() });
    expect(status).toBe(200);
    expect(body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
    expect(String(body.output)).toMatch(/demo assistant/i);
  });

  it('answers with the demo greeting when the webhook answers text/html', async () => {
    webhook.answerWith({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Sign in</title>' });
    expect((await post({ json: valid() })).body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
  });

  it('answers 502 with a message when the webhook answers 500', async () => {
    webhook.answerWith({ status: 500, body: JSON.stringify({ message: 'Workflow could not be started!' }) });
    const { status, body } = await post({ json: valid() });
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'upstream', message: chatApiCopy.upstream });
  });

  it('answers 502 when a 2xx JSON answer has no output', async () => {
    webhook.answerWith({ body: JSON.stringify({ text: 'wrong field' }) });
    expect((await post({ json: valid() })).status).toBe(502);
  });

  it('gives up on a hanging webhook after CHAT_TIMEOUT_MS and answers with the demo greeting', async () => {
    webhook.answerWith('hang');
    const started = Date.now();
    const { status, body } = await post({ json: valid() });
    const elapsed = Date.now() - started;
    expect(status).toBe(200);
    expect(body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3000);
  });

  it('answers with the demo greeting when the connection is dropped', async () => {
    webhook.answerWith('destroy');
    expect((await post({ json: valid() })).body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
  });

  it('answers with the demo greeting when the webhook refuses connections', async () => {
    await webhook.stop();
    try {
      const { status, body } = await post({ json: valid() });
      expect(status).toBe(200);
      expect(body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
    } finally {
      await webhook.start();
    }
    // and works again once the webhook is back
    expect((await post({ json: valid('again') })).body).toEqual({ output: 'You said: again' });
  });

  it('answers with the demo greeting when no webhook is configured', async () => {
    vi.resetModules();
    const saved = process.env.CHAT_WEBHOOK_URL;
    process.env.CHAT_WEBHOOK_URL = '';
    try {
      const fresh = await import('@/app/api/chat/route');
      const response = await fresh.POST(chatRequest({ json: valid() }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
      expect(webhook.received).toHaveLength(0);
    } finally {
      process.env.CHAT_WEBHOOK_URL = saved;
    }
  });

  it('logs one line per request with the outcome and no message text or address', async () => {
    await post({ json: valid('My phone is 555 0100'), ip: '198.51.100.77' });
    const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === 'chat.request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', event: 'chat.request', status: 200, outcome: 'reply', input_chars: 20 });
    expect(logs.join('\n')).not.toMatch(/555 0100|198\.51\.100\.77|You said/);
  });
});

describe('POST /api/chat refusals', () => {
  it('refuses a message over 2000 characters with 422 and does not forward it', async () => {
    const { status, body } = await post({ json: valid('a'.repeat(2001)) });
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: 'validation', fieldErrors: { chatInput: 'too_long' } });
    expect(webhook.received).toHaveLength(0);
  });

  it('refuses a bad session id or an empty message with 422', async () => {
    expect((await post({ json: { ...valid(), sessionId: 'nope' } })).status).toBe(422);
    expect((await post({ json: { ...valid(), chatInput: '   ' } })).status).toBe(422);
  });

  it('refuses bad JSON with 400', async () => {
    for (const body of ['{', '', 'null', '[1]', '"hi"', "{'sessionId':1}"]) {
      const result = await post({ body });
      expect(result.status, body).toBe(400);
      expect(result.body.error).toBe('bad_request');
    }
  });

  it('refuses other content types with 415', async () => {
    for (const contentType of [null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await post({ body: JSON.stringify(valid()), contentType })).status, String(contentType)).toBe(415);
    }
  });

  it('refuses a body over 16 KB with 413', async () => {
    expect((await post({ json: { ...valid(), padding: 'x'.repeat(20_000) } })).status).toBe(413);
  });

  it('refuses a cross-origin POST with 403 before anything else', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:9999']) {
      const { status, body } = await post({ json: valid(), headers: { origin } });
      expect(status, origin).toBe(403);
      expect(body.error).toBe('forbidden');
    }
    expect(webhook.received).toHaveLength(0);
    // The site's own origin, or the host the request was sent to, is fine.
    expect((await post({ json: valid(), headers: { origin: SITE } })).status).toBe(200);
    expect((await post({ json: valid(), headers: { origin: 'http://localhost' } })).status).toBe(200);
  });

  it('answers 429 with Retry-After past CHAT_RATE_LIMIT_PER_MINUTE per address', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 5; i++) expect((await post({ json: valid(), ip })).status).toBe(200);
    const { response, status, body } = await post({ json: valid(), ip });
    expect(status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body).toMatchObject({ error: 'rate_limited', retryAfter });
    // another address is not affected
    expect((await post({ json: valid(), ip: '192.0.2.201' })).status).toBe(200);
  });

  it('counts a client forging X-Forwarded-For, X-Real-IP, Forwarded or a CDN header as the one connection it is', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post({ json: valid(), ip: '192.0.2.210', headers: forgedAddressHeaders(i) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('never answers 500, whatever arrives', async () => {
    const bodies: Array<[BodyInit | null, string | null]> = [
      [JSON.stringify({ sessionId: { $gt: '' }, chatInput: 'x' }), 'application/json'],
      [JSON.stringify({ sessionId, chatInput: 'x', metadata: { __proto__: { polluted: true } } }), 'application/json'],
      [JSON.stringify({ sessionId, chatInput: '\u0000\u202e<script>alert(1)</script>' }), 'application/json'],
      [JSON.stringify({ sessionId, chatInput: 'x'.repeat(5000) }), 'application/json'],
      [new Uint8Array([0xff, 0xfe, 0x00, 0x7b]), 'application/json'],
      [JSON.stringify(valid()), 'application/json; charset=latin1'],
      [JSON.stringify(valid()), 'APPLICATION/JSON'],
      ['{"sessionId":"' + sessionId + '","chatInput":"\\ud800"}', 'application/json'],
      [null, 'application/json'],
    ];
    for (const [body, contentType] of bodies) {
      const { status } = await post({ body, contentType });
      expect(status, String(body).slice(0, 60)).toBeLessThan(500);
    }
    // And answers the webhook gives that make no sense still end in 200 or 502.
    for (const answer of [
      { status: 200, body: '' },
      { status: 204, body: '' },
      { status: 200, body: '{"output":null}' },
      { status: 418, contentType: 'text/plain', body: 'teapot' },
    ]) {
      webhook.answerWith(answer);
      const { status } = await post({ json: valid() });
      expect([200, 502], JSON.stringify(answer)).toContain(status);
    }
  });
});
