import { describe, expect, it } from 'vitest';
import {
  readTokenResponse,
  webCallRequestInit,
  WEB_CALL_ENDPOINT,
} from '@/components/voice-demo/voice-call';
import {
  buildCreateWebCallRequest,
  httpErrorMessage,
  parseWebCallResponse,
  redactSecrets,
} from '@/server/voice/provider';
import { pagePathFrom } from '@/server/voice/web-call';

describe('buildCreateWebCallRequest (server to provider)', () => {
  const config = {
    baseUrl: 'https://api.retellai.com',
    apiKey: 'key_abcdefgh',
    agentId: 'agent_1',
  };

  it('POSTs {agent_id, metadata, retell_llm_dynamic_variables: {}} to /v2/create-web-call with the bearer key', () => {
    const request = buildCreateWebCallRequest(config, {
      source: 'website_voice_demo',
      page_path: '/how-it-works',
    });
    expect(request.url).toBe('https://api.retellai.com/v2/create-web-call');
    expect(request.headers).toEqual({
      Authorization: 'Bearer key_abcdefgh',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(JSON.parse(request.body)).toEqual({
      agent_id: 'agent_1',
      metadata: { source: 'website_voice_demo', page_path: '/how-it-works' },
      retell_llm_dynamic_variables: {},
    });
  });

  it('joins a base URL with a trailing slash or a path prefix cleanly', () => {
    expect(
      buildCreateWebCallRequest(
        { ...config, baseUrl: 'http://127.0.0.1:3192/' },
        { source: 'website_voice_demo', page_path: null },
      ).url,
    ).toBe('http://127.0.0.1:3192/v2/create-web-call');
    expect(
      buildCreateWebCallRequest(
        { ...config, baseUrl: 'https://proxy.example/retell' },
        { source: 'website_voice_demo', page_path: null },
      ).url,
    ).toBe('https://proxy.example/retell/v2/create-web-call');
  });

  it("tells the browser only 'HTTP error! status: {code}': the body may echo the request", () => {
    expect(httpErrorMessage(401)).toBe('HTTP error! status: 401');
  });

  it('redacts the key and agent id from what is logged, however the provider echoes them', () => {
    const key = 'key_5e1f0c9a7b2d4e6f8a0b';
    const agent = 'agent_test_aria_7c3d';
    const redact = (text: string) => redactSecrets(text, [key, agent]);
    for (const echo of [
      key,
      key.toUpperCase(),
      key.slice(0, 12),
      `Bearer ${key.slice(4, 16)}...`,
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
      encodeURIComponent(`${key}&x`),
      JSON.stringify({ authorization: `Bearer ${key}`, agent_id: agent }),
    ]) {
      const out = redact(`Invalid API key: ${echo}`);
      expect(out).toContain('[redacted]');
      for (const secret of [key, agent])
        for (let i = 0; i + 8 <= secret.length; i += 1)
          expect(out.toLowerCase()).not.toContain(secret.slice(i, i + 8).toLowerCase());
    }
    expect(redact('line one\n  line two')).toBe('line one line two');
    expect(redact('y'.repeat(2000))).toBe(`${'y'.repeat(300)}...`);
  });

  it('reads the token and call id from a web call, and nothing else', () => {
    expect(parseWebCallResponse('{"access_token":"tok","call_id":"c1","agent_id":"a"}')).toEqual({
      accessToken: 'tok',
      callId: 'c1',
    });
    expect(parseWebCallResponse('{"access_token":"tok"}')).toEqual({
      accessToken: 'tok',
      callId: null,
    });
    expect(parseWebCallResponse('{"access_token":""}')).toBeNull();
    expect(parseWebCallResponse('{"call_id":"c1"}')).toBeNull();
    expect(parseWebCallResponse('[]')).toBeNull();
    expect(parseWebCallResponse('nope')).toBeNull();
  });
});

describe('page path metadata (server)', () => {
  it('keeps only a bare path for the metadata', () => {
    expect(pagePathFrom({ page_path: '/services-overview' })).toBe('/services-overview');
    expect(pagePathFrom({ page_path: '/how-it-works?email=a@b.c' })).toBeNull();
    expect(pagePathFrom({ page_path: 'https://x.example/' })).toBeNull();
    expect(pagePathFrom({ page_path: `/${'a'.repeat(300)}` })).toBeNull();
    expect(pagePathFrom({ page_path: 5 })).toBeNull();
    expect(pagePathFrom(null)).toBeNull();
  });
});

describe('the browser side of the request', () => {
  it('posts only the page path, as JSON, to our own endpoint', () => {
    const init = webCallRequestInit('/services-overview');
    expect(WEB_CALL_ENDPOINT).toBe('/api/voice/web-call');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(JSON.parse(init.body as string)).toEqual({ page_path: '/services-overview' });
  });

  it('reads the token, else turns the error code into the reason to show, else the status', async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    expect(await readTokenResponse(json(200, { access_token: 't' }))).toEqual({
      ok: true,
      accessToken: 't',
    });
    // The server's own words are not shown: the code decides.
    expect(
      await readTokenResponse(
        json(502, { error: 'upstream', message: 'provider text', providerStatus: 401 }),
      ),
    ).toEqual({
      ok: false,
      reason: 'HTTP error! status: 401',
    });
    // The provider answered 200 without a token: not an HTTP error.
    expect(await readTokenResponse(json(502, { error: 'upstream', providerStatus: 200 }))).toEqual({
      ok: false,
      reason: 'No access token in the answer',
    });
    expect(await readTokenResponse(json(502, { error: 'upstream', providerStatus: null }))).toEqual(
      {
        ok: false,
        reason: 'The voice service could not be reached. Please try again shortly.',
      },
    );
    expect(await readTokenResponse(json(503, { error: 'not_configured', message: 'x' }))).toEqual({
      ok: false,
      reason: 'Voice demo is not configured',
    });
    expect(await readTokenResponse(json(429, { error: 'rate_limited' }))).toEqual({
      ok: false,
      reason: 'Too many calls from your connection. Please wait a minute and try again.',
    });
    expect(await readTokenResponse(json(503, { error: 'over_budget', retryAfter: 60 }))).toEqual({
      ok: false,
      reason: 'The demo line has taken all the calls it can this hour. Please try again later.',
    });
    expect(
      await readTokenResponse(new Response('<html>Bad gateway</html>', { status: 504 })),
    ).toEqual({ ok: false, reason: 'HTTP error! status: 504' });
    expect(await readTokenResponse(json(200, {}))).toEqual({
      ok: false,
      reason: 'No access token in the answer',
    });
  });
});
