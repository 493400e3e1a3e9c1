import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/chat/route';
import { GET as healthGet } from '@/app/api/health/route';
import { chatApiCopy } from '@/content/chat';
import { MAX_OUTPUT_CHARS } from '@/server/chat/webhook-answer';
import { closeDatabase, getDatabase } from '@/server/db/client';
import { n8n, replyWith, startChatWebhook, oneWrite, streamed } from './support/chat-webhook';
import {
  forgedAddressHeaders,
  freshEnvironment,
  PEER_ADDRESS_HEADER,
  setEnvironment,
} from './support/helpers';

/**
 * POST /api/chat in-process, forwarding to a stand-in chat webhook on 127.0.0.1. With
 * LEADS_TEST_DATABASE=postgres the rate-limit windows live in that server; otherwise in memory.
 */

const webhook = await startChatWebhook();
const SITE = 'https://www.example-agency.test';
await freshEnvironment({
  NEXT_PUBLIC_SITE_URL: SITE,
  CHAT_WEBHOOK_URL: webhook.url,
  CHAT_TIMEOUT_MS: '1500',
  CHAT_IDLE_TIMEOUT_MS: '600',
  CHAT_RATE_LIMIT_PER_MINUTE: '5',
  TRUST_PROXY: '0',
  LOG_LEVEL: 'info',
});

const sessionId = '0b6a3c52-8a51-4d5e-9f1c-2a7b3d4e5f60';
let address = 0;

type Init = {
  body?: BodyInit | null;
  json?: unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
  ip?: string;
};

/** Each call has an address of its own unless given one, so only one test meets the limit. */
function chatRequest({
  body,
  json,
  contentType = 'application/json',
  headers = {},
  ip = `203.0.113.${++address}`,
}: Init = {}): Request {
  const all: Record<string, string> = { [PEER_ADDRESS_HEADER]: ip, ...headers };
  if (contentType) all['content-type'] = contentType;
  const payload = json !== undefined ? JSON.stringify(json) : (body ?? null);
  return new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: all,
    body: payload,
    duplex: 'half',
  } as RequestInit);
}

async function post(init: Init = {}) {
  const response = await POST(chatRequest(init));
  return {
    response,
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const valid = (chatInput = 'Hello, do you work weekends?') => ({
  sessionId,
  chatInput,
  metadata: { page: '/ai-chatbot' },
});

let logs: string[] = [];
const warnings = () =>
  logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.level === 'warn' && line.event === 'chat.webhook_problem');
beforeEach(() => {
  logs = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logs.push(line));
  webhook.received.length = 0;
  webhook.answerWith((body) => replyWith(`You said: ${String(body.chatInput)}`));
});

// Opened here (for GET /api/health), so the embedded database's start-up counts against no test.
beforeAll(async () => void (await getDatabase()));

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
      JSON.stringify({
        action: 'sendMessage',
        sessionId,
        route: 'general',
        chatInput: 'Hello, do you work weekends?',
        metadata: { page: '/ai-chatbot' },
      }),
    );
  });

  it('accepts `message` for `chatInput`, trims it and sends {} when there is no metadata', async () => {
    const { status } = await post({ json: { sessionId, message: '  Hi there  ' } });
    expect(status).toBe(200);
    expect(webhook.received[0]!.body).toEqual({
      action: 'sendMessage',
      sessionId,
      route: 'general',
      chatInput: 'Hi there',
      metadata: {},
    });
  });

  it("reads n8n's array answer", async () => {
    webhook.answerWith({ body: JSON.stringify([{ output: 'From the array' }]) });
    expect((await post({ json: valid() })).body).toEqual({ output: 'From the array' });
  });

  it('answers with the demo greeting when the webhook answers 404, and warns that the URL or the workflow is wrong', async () => {
    webhook.answerWith({
      status: 404,
      body: JSON.stringify({ code: 404, message: 'The requested webhook is not registered.' }),
    });
    const { status, body } = await post({ json: valid() });
    expect(status).toBe(200);
    expect(body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
    expect(String(body.output)).toMatch(/demo assistant/i);
    expect(warnings()).toEqual([
      expect.objectContaining({
        event: 'chat.webhook_problem',
        reason: 'not_found',
        http_status: 404,
        hint: expect.stringContaining('/webhook-test/'),
      }),
    ]);
    const health = (await (await healthGet()).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, database: 'up', outbox: { pending: 0, failed: 0 } });
    expect(health.chat).toEqual({
      configured: true,
      lastStatus: 404,
      lastError: 'not_found',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("answers a 404 with the demo greeting without reading its body (a proxy's big error page)", async () => {
    webhook.answerWith({
      status: 404,
      contentType: 'text/html',
      body: `<!doctype html>${'<p>Not found</p>'.repeat(30_000)}`,
    });
    expect((await post({ json: valid() })).body).toEqual({
      output: chatApiCopy.demoGreeting,
      demo: true,
    });
  });

  it('answers with the demo greeting when the webhook answers text/html', async () => {
    webhook.answerWith({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>Sign in</title>',
    });
    expect((await post({ json: valid() })).body).toEqual({
      output: chatApiCopy.demoGreeting,
      demo: true,
    });
  });

  it.each([401, 403])(
    'answers 502 when the webhook refuses the credentials (%i), and warns which settings to compare',
    async (refusal) => {
      webhook.answerWith({
        status: refusal,
        body: JSON.stringify({ message: 'Authorization data is wrong!' }),
      });
      expect((await post({ json: valid() })).status).toBe(502);
      expect(warnings()).toEqual([
        expect.objectContaining({
          reason: `http_${refusal}`,
          http_status: refusal,
          hint: expect.stringMatching(
            /CHAT_WEBHOOK_HEADER_NAME and CHAT_WEBHOOK_HEADER_VALUE.*Header Auth/,
          ),
        }),
      ]);
    },
  );

  it('answers 502 with a message when the webhook answers 500', async () => {
    webhook.answerWith({
      status: 500,
      body: JSON.stringify({ message: 'Workflow could not be started!' }),
    });
    const { status, body } = await post({ json: valid() });
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'upstream', message: chatApiCopy.upstream });
  });

  it('answers 502 when a 2xx JSON answer has no output', async () => {
    webhook.answerWith({ body: JSON.stringify({ text: 'wrong field' }) });
    expect((await post({ json: valid() })).status).toBe(502);
  });

  it('gives up on a webhook silent for CHAT_IDLE_TIMEOUT_MS, answers with the demo greeting and warns with the cause', async () => {
    webhook.answerWith('hang');
    const started = Date.now();
    const { status, body } = await post({ json: valid() });
    const elapsed = Date.now() - started;
    expect(status).toBe(200);
    expect(body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
    expect(elapsed).toBeGreaterThanOrEqual(580);
    expect(elapsed).toBeLessThan(1400);
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 'warn',
        reason: 'timeout',
        cause: 'timeout: no data for 600 ms',
        hint: expect.any(String),
      }),
    ]);
  });

  it('gives up after CHAT_TIMEOUT_MS in all, even while bytes keep coming', async () => {
    webhook.answerWith({
      stream: [
        n8n.begin(),
        ...Array.from(
          { length: 12 },
          () => [{ wait: 250 }, { raw: '{"type":"keepalive"}\n' }] as const,
        ).flat(),
      ],
    });
    const started = Date.now();
    const { body } = await post({ json: valid() });
    expect(body).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1450);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers with the demo greeting when the connection is dropped', async () => {
    webhook.answerWith('destroy');
    expect((await post({ json: valid() })).body).toEqual({
      output: chatApiCopy.demoGreeting,
      demo: true,
    });
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
    const saved = process.env.CHAT_WEBHOOK_URL!;
    setEnvironment({ CHAT_WEBHOOK_URL: '' });
    try {
      const response = await POST(chatRequest({ json: valid() }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ output: chatApiCopy.demoGreeting, demo: true });
      expect(webhook.received).toHaveLength(0);
    } finally {
      setEnvironment({ CHAT_WEBHOOK_URL: saved });
    }
  });

  it('logs one line per request with the outcome and no message text or address', async () => {
    await post({ json: valid('My phone is 555 0100'), ip: '198.51.100.77' });
    const lines = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'chat.request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      event: 'chat.request',
      status: 200,
      outcome: 'reply',
      input_chars: 20,
    });
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
    for (const contentType of [
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expect(
        (await post({ body: JSON.stringify(valid()), contentType })).status,
        String(contentType),
      ).toBe(415);
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
    expect((await post({ json: valid(), headers: { origin: 'http://localhost' } })).status).toBe(
      200,
    );
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
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await post({ json: valid(), ip: '192.0.2.210', headers: forgedAddressHeaders(i) })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('never answers 500, whatever arrives', async () => {
    const bodies: Array<[BodyInit | null, string | null]> = [
      [JSON.stringify({ sessionId: { $gt: '' }, chatInput: 'x' }), 'application/json'],
      [
        JSON.stringify({ sessionId, chatInput: 'x', metadata: { __proto__: { polluted: true } } }),
        'application/json',
      ],
      [
        JSON.stringify({ sessionId, chatInput: '\u0000\u202e<script>alert(1)</script>' }),
        'application/json',
      ],
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

/**
 * Posts as the panel does (Accept: application/x-ndjson) and reads the answer: its lines when
 * streamed, else its JSON.
 */
async function postStreaming(json: unknown = valid()) {
  const request = chatRequest({
    json,
    headers: { accept: 'application/x-ndjson, application/json' },
  });
  const response = await POST(request);
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const lines = type.startsWith('application/x-ndjson')
    ? text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : null;
  return {
    response,
    status: response.status,
    type,
    text,
    lines,
    body: lines ? null : (JSON.parse(text) as Record<string, unknown>),
  };
}

const textOf = (lines: Record<string, unknown>[]) =>
  lines
    .filter((line) => line.type === 'item')
    .map((line) => line.content)
    .join('');

describe("POST /api/chat with n8n's Streaming response mode", () => {
  it('passes the reply on as JSON lines, piece by piece, ending with end', async () => {
    webhook.answerWith(
      streamed(['We are ', 'open ', '24/7. Book at https://cal.example/x'], { gapMs: 30 }),
    );
    const { status, type, lines, response } = await postStreaming();
    expect(status).toBe(200);
    expect(type).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(lines).toEqual([
      { type: 'item', content: 'We are ' },
      { type: 'item', content: 'open ' },
      { type: 'item', content: '24/7. Book at https://cal.example/x' },
      { type: 'end' },
    ]);
    // The webhook got exactly the n8n chat body, as in the other modes.
    expect(webhook.received[0]!.body).toEqual({
      action: 'sendMessage',
      sessionId,
      route: 'general',
      chatInput: 'Hello, do you work weekends?',
      metadata: { page: '/ai-chatbot' },
    });
    const end = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'chat.stream_end');
    expect(end).toMatchObject({ level: 'info', outcome: 'complete', output_chars: 47 });
    expect(logs.join('\n')).not.toContain('We are');
  });

  it('gives a client that only takes JSON the whole streamed reply as { output }', async () => {
    webhook.answerWith(streamed(['Hello ', 'there']));
    const { status, body } = await post({ json: valid() });
    expect(status).toBe(200);
    expect(body).toEqual({ output: 'Hello there' });
  });

  it('still answers the non-streaming modes with one JSON body: { output } and [{ output }]', async () => {
    webhook.answerWith(replyWith('Whole reply'));
    expect(await postStreaming()).toMatchObject({
      status: 200,
      type: 'application/json',
      body: { output: 'Whole reply' },
    });
    webhook.answerWith({ body: JSON.stringify([{ output: 'From the array' }]) });
    expect((await postStreaming()).body).toEqual({ output: 'From the array' });
    webhook.answerWith({ body: JSON.stringify({ output: 'Pretty' }, null, 2) });
    expect((await postStreaming()).body).toEqual({ output: 'Pretty' });
  });

  it('reassembles lines split across writes, multi-byte characters included, and ignores keepalive lines', async () => {
    const line = (content: string) =>
      Buffer.from(
        `${JSON.stringify({ type: 'item', content, metadata: { nodeId: 'a', runIndex: 0 } })}\n`,
      );
    const first = line('Crème ');
    const second = line('brûlée');
    const cut = first.indexOf(Buffer.from('è')) + 1; // inside the two bytes of è
    webhook.answerWith({
      stream: [
        n8n.begin(),
        { raw: first.subarray(0, cut) },
        { wait: 30 },
        { raw: first.subarray(cut) },
        { raw: '{"type":"keepalive"}\n' },
        { raw: second.subarray(0, 20) },
        { wait: 30 },
        { raw: second.subarray(20) },
        n8n.end(),
      ],
    });
    const { lines } = await postStreaming();
    expect(textOf(lines!)).toBe('Crème brûlée');
  });

  it('starts a new paragraph when a second agent streams after the first', async () => {
    webhook.answerWith({
      stream: [
        n8n.begin('Triage'),
        n8n.item('First.', 'Triage'),
        n8n.end('Triage'),
        n8n.begin('Answer'),
        n8n.item('Second.', 'Answer'),
        n8n.end('Answer'),
      ],
    });
    const { lines } = await postStreaming();
    expect(textOf(lines!)).toBe('First.\n\nSecond.');
  });

  it('answers 502 (not a stream) when the workflow fails before saying anything', async () => {
    webhook.answerWith({
      stream: [n8n.begin(), n8n.error('The model refused the API key'), n8n.end()],
    });
    const { status, body } = await postStreaming();
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'upstream', message: chatApiCopy.upstream });
    expect(warnings()).toEqual([expect.objectContaining({ reason: 'stream_error' })]);
  });

  it('signals a failure after the reply began inside the stream, never as 502', async () => {
    webhook.answerWith({
      stream: [
        n8n.begin(),
        n8n.item('Let me check'),
        { wait: 30 },
        n8n.error('Tool call failed'),
        n8n.end(),
      ],
    });
    const { status, lines } = await postStreaming();
    expect(status).toBe(200);
    expect(lines).toEqual([
      { type: 'item', content: 'Let me check' },
      { type: 'error', error: 'upstream' },
    ]);
  });

  it('keeps the text that arrived in the same write as the failure, then signals it', async () => {
    webhook.answerWith({
      stream: [oneWrite(n8n.begin(), n8n.item('Let me '), n8n.item('check'), n8n.error('Failed'))],
    });
    const { status, lines } = await postStreaming();
    expect(status).toBe(200);
    expect(lines).toEqual([
      { type: 'item', content: 'Let me check' },
      { type: 'error', error: 'upstream' },
    ]);
    const end = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'chat.stream_end');
    expect(end).toMatchObject({ level: 'warn', outcome: 'stream_error' });
  });

  it('signals a stream that stops for CHAT_IDLE_TIMEOUT_MS as a timeout inside the stream', async () => {
    webhook.answerWith({ stream: [n8n.begin(), n8n.item('Thinking'), 'hang'] });
    const started = Date.now();
    const { status, lines } = await postStreaming();
    expect(status).toBe(200);
    expect(lines).toEqual([
      { type: 'item', content: 'Thinking' },
      { type: 'error', error: 'timeout' },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(580);
    const end = logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'chat.stream_end');
    expect(end).toMatchObject({ level: 'warn', outcome: 'timeout' });
  });

  it('signals a dropped connection inside the stream', async () => {
    webhook.answerWith({ stream: [n8n.begin(), n8n.item('Half a'), { wait: 100 }, 'destroy'] });
    const { status, lines } = await postStreaming();
    expect(status).toBe(200);
    expect(lines!.at(-1)).toEqual({ type: 'error', error: 'upstream' });
  });

  it(`cuts a streamed reply at ${MAX_OUTPUT_CHARS} characters and says so`, async () => {
    webhook.answerWith(streamed(Array.from({ length: 12 }, () => 'x'.repeat(1000))));
    const { lines } = await postStreaming();
    expect(textOf(lines!)).toBe(`${'x'.repeat(MAX_OUTPUT_CHARS)}…`);
    expect(lines!.at(-1)).toEqual({ type: 'end', truncated: true });
  });

  it.each([
    ['an empty body (the last node returned no data)', { body: '' }],
    ['an empty body without a content type', { body: '', contentType: null }],
    ['[] (all entries of a last node with none)', { body: '[]' }],
    [
      "n8n's 500 'No item to return was found'",
      { status: 500, body: '{"message":"No item to return was found"}' },
    ],
    ['a stream with no text', { stream: [n8n.begin(), n8n.end()] }],
  ] as const)(
    'answers %s with 502 detail empty_reply, and warns how to fix the workflow',
    async (_label, answer) => {
      webhook.answerWith(answer as never);
      const { status, body } = await postStreaming();
      expect(status).toBe(502);
      expect(body).toEqual({
        error: 'upstream',
        message: chatApiCopy.emptyReply,
        detail: 'empty_reply',
      });
      expect(warnings()).toEqual([
        expect.objectContaining({ reason: 'empty_reply', hint: expect.stringContaining('output') }),
      ]);
    },
  );
});
