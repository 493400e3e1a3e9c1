import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST } from '@/app/api/voice/web-call/route';
import {
  forgedAddressHeaders,
  PEER_ADDRESS_HEADER,
  servedByServerMjs,
  setEnvironment,
} from './support/helpers';
import {
  okAnswer,
  STAND_IN_ACCESS_TOKEN,
  startVoiceProvider,
  type VoiceProvider,
} from './support/voice-provider';

/** POST /api/voice/web-call in-process, against a stand-in for the provider's API on 127.0.0.1. */

const API_KEY = 'key_integ_9b1e6f0c2a4d8e7f';
const AGENT_ID = 'agent_integ_aria';
const SITE_URL = 'https://www.voice-integ.test';
const TIMEOUT_MS = 1000;
const RATE_LIMIT = 3;

let provider: VoiceProvider;
let logLines: string[];
let addressCounter = 0;

/** Each test posts from its own address, so the rate limit only bites where a test means it to. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

function voiceRequest({
  body = { page_path: '/services-overview' } as unknown,
  headers = {} as Record<string, string>,
  address = freshAddress(),
} = {}) {
  return new Request('http://127.0.0.1:3000/api/voice/web-call', {
    method: 'POST',
    headers: {
      host: '127.0.0.1:3000',
      origin: 'http://127.0.0.1:3000',
      'content-type': 'application/json',
      [PEER_ADDRESS_HEADER]: address,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  servedByServerMjs();
  provider = await startVoiceProvider();
  setEnvironment({
    NEXT_PUBLIC_SITE_URL: SITE_URL,
    RETELL_API_KEY: API_KEY,
    RETELL_AGENT_ID: AGENT_ID,
    RETELL_BASE_URL: provider.url,
    VOICE_TIMEOUT_MS: String(TIMEOUT_MS),
    VOICE_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    // This file starts more calls than an hour's default budget; paid-budgets.integ.ts tests it.
    VOICE_CALLS_PER_HOUR: '0',
    TRUST_PROXY: '0',
    LOG_LEVEL: 'info',
    // In-memory rate-limit windows (with a DATABASE_URL they would live in PostgreSQL).
    DATABASE_URL: '',
  });
});

afterAll(async () => {
  await provider.stop();
});

beforeEach(() => {
  provider.reset();
  logLines = [];
  const capture = (...args: unknown[]) => void logLines.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
  return () => vi.restoreAllMocks();
});

describe('POST /api/voice/web-call: the provider call', () => {
  it('calls create-web-call with the bearer key and {agent_id, metadata, retell_llm_dynamic_variables: {}}', async () => {
    const response = await POST(voiceRequest());
    expect(response.status).toBe(200);
    expect(provider.requests).toHaveLength(1);
    const [call] = provider.requests;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v2/create-web-call');
    expect(call!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toEqual({
      agent_id: AGENT_ID,
      metadata: { source: 'website_voice_demo', page_path: '/services-overview' },
      retell_llm_dynamic_variables: {},
    });
  });

  it('returns only {access_token}: no call id, agent id or key', async () => {
    const response = await POST(voiceRequest());
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ access_token: STAND_IN_ACCESS_TOKEN });
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(AGENT_ID);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect([...response.headers.keys()].join(' ')).not.toMatch(/authorization/i);
  });

  it('logs the call id through the same redaction as errors: a key echoed in it never reaches the log', async () => {
    provider.answer({
      status: 201,
      body: JSON.stringify({ access_token: 'tok', call_id: `call_${API_KEY}_${AGENT_ID}` }),
    });
    const response = await POST(voiceRequest());
    expect(response.status).toBe(200);
    const logged = logLines.join('\n');
    expect(logged).toContain('"call_id":"call_[redacted]');
    expect(logged).not.toContain(API_KEY);
    expect(logged).not.toContain(AGENT_ID);
  });

  it('sends a bare page path as metadata, and nothing for a path with a query or no body at all', async () => {
    await POST(voiceRequest({ body: { page_path: '/how-it-works?email=a@b.example' } }));
    await POST(voiceRequest({ body: 'not json' }));
    await POST(voiceRequest({ body: { page_path: 'https://evil.example/x' } }));
    expect(
      provider.requests.map((request) => (request.body as { metadata: unknown }).metadata),
    ).toEqual([
      { source: 'website_voice_demo', page_path: null },
      { source: 'website_voice_demo', page_path: null },
      { source: 'website_voice_demo', page_path: null },
    ]);
  });
});

describe('POST /api/voice/web-call: provider failures are 502 with a reason, never 500', () => {
  it("401 from the provider: 502 with 'HTTP error! status: 401' and the status; the body only in the log", async () => {
    provider.answer({ status: 401, body: '{"error_message":"Invalid API Key"}' });
    const response = await POST(voiceRequest());
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'upstream',
      message: 'HTTP error! status: 401',
      providerStatus: 401,
    });
    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'voice.provider_error');
    expect(logged).toMatchObject({
      level: 'warn',
      detail: '{"error_message":"Invalid API Key"}',
      provider_status: 401,
      outcome: 'http_error',
    });
    expect(logLines.join('\n')).not.toContain(API_KEY);
  });

  it('a provider echoing the key or the agent id in any form: nothing of them in the answer or the log, the logged body cut short', async () => {
    const echoes = [
      API_KEY.toUpperCase(),
      API_KEY.slice(0, 12),
      Buffer.from(API_KEY).toString('base64'),
      `{"agent_id":"${AGENT_ID}"}`,
    ];
    provider.answer({ status: 400, body: `bad key ${echoes.join(' ')} ${'x'.repeat(1000)}` });
    const response = await POST(voiceRequest());
    expect(await response.json()).toEqual({
      error: 'upstream',
      message: 'HTTP error! status: 400',
      providerStatus: 400,
    });
    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'voice.provider_error')!;
    const detail = String(logged.detail);
    expect(detail.startsWith('bad key [redacted]')).toBe(true);
    expect(detail.endsWith('...')).toBe(true);
    expect(detail.length).toBeLessThan(400);
    for (const secret of [API_KEY, AGENT_ID])
      expect(logLines.join('\n').toLowerCase()).not.toContain(secret.slice(0, 10).toLowerCase());
  });

  it('a provider 500 or a redirect is a 502, not passed through', async () => {
    provider.answer({ status: 500, body: 'oops' }, { status: 302, body: '' });
    const first = await POST(voiceRequest());
    const second = await POST(voiceRequest());
    expect([first.status, second.status]).toEqual([502, 502]);
    expect(await first.json()).toEqual({
      error: 'upstream',
      message: 'HTTP error! status: 500',
      providerStatus: 500,
    });
    expect(await second.json()).toEqual({
      error: 'upstream',
      message: 'HTTP error! status: 302',
      providerStatus: 302,
    });
  });

  it('a 2xx without an access token is a 502', async () => {
    provider.answer({ status: 201, body: '{"call_id":"x"}' }, { status: 200, body: 'not json' });
    for (let i = 0; i < 2; i += 1) {
      const response = await POST(voiceRequest());
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /without an access token/,
      );
    }
  });

  it('a dropped connection is a 502', async () => {
    provider.answer('destroy');
    const response = await POST(voiceRequest());
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^Voice provider unreachable/,
    );
  });

  it('a provider that never answers: 502 once VOICE_TIMEOUT_MS has passed', async () => {
    provider.answer('hang');
    const started = Date.now();
    const response = await POST(voiceRequest());
    const elapsed = Date.now() - started;
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'upstream',
      message: 'Voice provider did not answer in time',
      providerStatus: null,
    });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it('an unreachable provider (connection refused): 502 with the reason', async () => {
    const gone = await startVoiceProvider();
    const url = gone.url;
    await gone.stop();
    setEnvironment({ RETELL_BASE_URL: url });
    try {
      const response = await POST(voiceRequest());
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: 'upstream',
        message: 'Voice provider unreachable (ECONNREFUSED)',
        providerStatus: null,
      });
    } finally {
      setEnvironment({ RETELL_BASE_URL: provider.url });
    }
  });
});

describe('POST /api/voice/web-call: configuration, rate limit, origin', () => {
  it('503 "Voice demo is not configured" without a key or without an agent id, and no provider call', async () => {
    try {
      for (const unset of ['RETELL_API_KEY', 'RETELL_AGENT_ID']) {
        setEnvironment({
          RETELL_API_KEY: API_KEY,
          RETELL_AGENT_ID: AGENT_ID,
          [unset]: '',
        });
        const response = await POST(voiceRequest());
        expect(response.status, unset).toBe(503);
        expect(await response.json()).toEqual({
          error: 'not_configured',
          message: 'Voice demo is not configured',
        });
      }
    } finally {
      setEnvironment({ RETELL_API_KEY: API_KEY, RETELL_AGENT_ID: AGENT_ID });
    }
    expect(provider.requests).toHaveLength(0);
  });

  it(`allows ${RATE_LIMIT} calls a minute per address, then 429 with Retry-After`, async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i += 1)
      statuses.push((await POST(voiceRequest({ address }))).status);
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(200));
    const limited = await POST(voiceRequest({ address }));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited', retryAfter });
    expect(provider.requests).toHaveLength(RATE_LIMIT);
    // Someone else is not affected.
    expect((await POST(voiceRequest())).status).toBe(200);
  });

  it('starts no call past the limit for a client that forges a new address in every request (provider minutes cost money)', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push(
        (await POST(voiceRequest({ address, headers: forgedAddressHeaders(i) }))).status,
      );
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(200), ...Array(8 - RATE_LIMIT).fill(429)]);
    expect(provider.requests).toHaveLength(RATE_LIMIT);
  });

  it('403 for a cross-origin POST; same-origin, the site URL and no Origin at all pass', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://127.0.0.1:3001',
      'chrome-extension://abc',
    ]) {
      const response = await POST(voiceRequest({ headers: { origin } }));
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'forbidden' });
    }
    expect(provider.requests).toHaveLength(0);

    expect(
      (await POST(voiceRequest({ headers: { origin: 'http://127.0.0.1:3000' } }))).status,
    ).toBe(200);
    expect((await POST(voiceRequest({ headers: { origin: SITE_URL } }))).status).toBe(200);
    const withoutOrigin = new Request('http://127.0.0.1:3000/api/voice/web-call', {
      method: 'POST',
      headers: { [PEER_ADDRESS_HEADER]: freshAddress() },
      body: '{}',
    });
    expect((await POST(withoutOrigin)).status).toBe(200);
  });

  it('never answers 500, whatever arrives', async () => {
    provider.setDefault(okAnswer());
    const odd: Request[] = [
      voiceRequest({ body: '' }),
      voiceRequest({ body: '[]' }),
      voiceRequest({ body: 'null' }),
      voiceRequest({ body: '{"page_path": {"$ne": 1}}' }),
      voiceRequest({ body: 'x'.repeat(100_000) }),
      voiceRequest({ body: { page_path: `/${'a'.repeat(5000)}` } }),
      voiceRequest({ headers: { 'content-type': 'text/plain' } }),
      voiceRequest({ headers: { origin: '%%%' } }),
      voiceRequest({ headers: { 'x-forwarded-for': 'garbage, , ,' } }),
    ];
    const statuses = await Promise.all(
      odd.map((request) => POST(request).then((response) => response.status)),
    );
    expect(statuses.filter((status) => status >= 500 && status !== 502 && status !== 503)).toEqual(
      [],
    );
    expect(statuses).not.toContain(500);
    expect(statuses.filter((status) => status === 200)).toHaveLength(odd.length - 3);
    expect(statuses).toContain(403); // the '%%%' origin
    expect(statuses.filter((status) => status === 413)).toHaveLength(2); // the two bodies over 2 KB: no call for them
  });
});
