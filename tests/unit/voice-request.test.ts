import { describe, expect, it } from 'vitest';
import { readTokenResponse, webCallRequestInit, WEB_CALL_ENDPOINT } from '@/components/voice-demo/voice-call';
import { buildCreateWebCallRequest, httpErrorReason, parseWebCallResponse } from '@/server/voice/provider';
import { pagePathFrom } from '@/server/voice/web-call';

describe('buildCreateWebCallRequest (server to provider)', () => {
  const config = { baseUrl: 'https://api.retellai.com', apiKey: 'key_abcdefgh', agentId: 'agent_1' };

  it('POSTs {agent_id, metadata, retell_llm_dynamic_variables: {}} to /v2/create-web-call with the bearer key', () => {
    const request = buildCreateWebCallRequest(config, { source: 'website_voice_demo', page_path: '/how-it-works' });
    expect(request.url).toBe('https://api.retellai.com/v2/create-web-call');
    expect(request.headers).toEqual({ Authorization: 'Bearer key_abcdefgh', 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(request.body)).toEqual({
      agent_id: 'agent_1',
      metadata: { source: 'website_voice_demo', page_path: '/how-it-works' },
      retell_llm_dynamic_variables: {},
    });
  });

  it('joins a base URL with a trailing slash or a path prefix cleanly', () => {
    expect(buildCreateWebCallRequest({ ...config, baseUrl: 'http://127.0.0.1:3192/' }, { source: 'website_voice_demo', page_path: null }).url).toBe(
      'http://127.0.0.1:3192/v2/create-web-call',
    );
    expect(buildCreateWebCallRequest({ ...config, baseUrl: 'https://proxy.example/retell' }, { source: 'website_voice_demo', page_path: null }).url).toBe(
      'https://proxy.example/retell/v2/create-web-call',
    );
  });

  it("formats a non-2xx answer as 'HTTP error! status: {code}, message: {body}', truncated and without the key", () => {
    expect(httpErrorReason(401, '{"error_message":"Invalid API Key"}')).toBe('HTTP error! status: 401, message: {"error_message":"Invalid API Key"}');
    expect(httpErrorReason(500, 'line one\n  line two')).toBe('HTTP error! status: 500, message: line one line two');
    expect(httpErrorReason(503, '')).toBe('HTTP error! status: 503, message: ');
    const long = httpErrorReason(400, 'y'.repeat(2000));
    expect(long).toBe(`HTTP error! status: 400, message: ${'y'.repeat(300)}...`);
    expect(httpErrorReason(401, 'bad key_abcdefgh here', 'key_abcdefgh')).toBe('HTTP error! status: 401, message: bad [redacted] here');
  });

  it('reads the token and call id from a web call, and nothing else', () => {
    expect(parseWebCallResponse('{"access_token":"tok","call_id":"c1","agent_id":"a"}')).toEqual({ accessToken: 'tok', callId: 'c1' });
    expect(parseWebCallResponse('{"access_token":"tok"}')).toEqual({ accessToken: 'tok', callId: null });
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
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ page_path: '/services-overview' });
  });

  it('reads the token, else the server message, else the status', async () => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    expect(await readTokenResponse(json(200, { access_token: 't' }))).toEqual({ ok: true, accessToken: 't' });
    expect(await readTokenResponse(json(502, { error: 'provider_error', message: 'HTTP error! status: 401, message: x' }))).toEqual({
      ok: false,
      reason: 'HTTP error! status: 401, message: x',
    });
    expect(await readTokenResponse(json(503, { message: 'Voice demo is not configured' }))).toEqual({ ok: false, reason: 'Voice demo is not configured' });
    expect(await readTokenResponse(new Response('<html>Bad gateway</html>', { status: 504 }))).toEqual({ ok: false, reason: 'HTTP error! status: 504' });
    expect(await readTokenResponse(json(200, {}))).toEqual({ ok: false, reason: 'No access token in the answer' });
  });
});
