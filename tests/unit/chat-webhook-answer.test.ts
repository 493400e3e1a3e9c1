import { describe, expect, it } from 'vitest';
import { interpretWebhookResult, MAX_OUTPUT_CHARS } from '@/server/chat/webhook-answer';

const answer = (status: number, body: string, contentType: string | null = 'application/json') => ({
  ok: true as const,
  status,
  contentType,
  body,
});

describe('interpretWebhookResult: the demo-fallback decision', () => {
  it('returns the output of a 2xx JSON answer', () => {
    expect(interpretWebhookResult(answer(200, '{"output":"Hello!"}'))).toEqual({
      kind: 'reply',
      output: 'Hello!',
    });
    expect(
      interpretWebhookResult(
        answer(201, '{"output":"Hi","other":1}', 'application/json; charset=utf-8'),
      ),
    ).toEqual({ kind: 'reply', output: 'Hi' });
    expect(interpretWebhookResult(answer(200, '[{"output":"From n8n"}]'))).toEqual({
      kind: 'reply',
      output: 'From n8n',
    });
    expect(
      interpretWebhookResult(answer(200, '{"output":"x"}', 'application/vnd.api+json')),
    ).toEqual({ kind: 'reply', output: 'x' });
  });

  it('falls back to the demo greeting when there is no webhook, a 404, a non-JSON answer, no connection or a timeout', () => {
    expect(interpretWebhookResult(null)).toEqual({ kind: 'demo', reason: 'not_configured' });
    expect(interpretWebhookResult(answer(404, '{"message":"not registered"}'))).toEqual({
      kind: 'demo',
      reason: 'not_found',
    });
    expect(interpretWebhookResult(answer(404, 'Not Found', 'text/html'))).toEqual({
      kind: 'demo',
      reason: 'not_found',
    });
    expect(interpretWebhookResult(answer(200, '<html>login</html>', 'text/html'))).toEqual({
      kind: 'demo',
      reason: 'not_json',
    });
    expect(interpretWebhookResult(answer(200, '{"output":"x"}', 'text/plain'))).toEqual({
      kind: 'demo',
      reason: 'not_json',
    });
    expect(interpretWebhookResult(answer(200, '{"output":"x"}', null))).toEqual({
      kind: 'demo',
      reason: 'not_json',
    });
    expect(interpretWebhookResult({ ok: false, failure: 'unreachable' })).toEqual({
      kind: 'demo',
      reason: 'unreachable',
    });
    expect(interpretWebhookResult({ ok: false, failure: 'timeout' })).toEqual({
      kind: 'demo',
      reason: 'timeout',
    });
  });

  it('is an error (shown with a retry) when the webhook is there but fails', () => {
    expect(interpretWebhookResult(answer(500, '{"message":"boom"}'))).toEqual({
      kind: 'error',
      reason: 'http_500',
    });
    expect(interpretWebhookResult(answer(503, 'Bad gateway', 'text/html'))).toEqual({
      kind: 'error',
      reason: 'http_503',
    });
    expect(interpretWebhookResult(answer(401, '{}'))).toEqual({
      kind: 'error',
      reason: 'http_401',
    });
    expect(interpretWebhookResult(answer(302, ''))).toEqual({ kind: 'error', reason: 'http_302' });
    expect(interpretWebhookResult(answer(200, '{"output":'))).toEqual({
      kind: 'error',
      reason: 'invalid_json',
    });
    expect(interpretWebhookResult(answer(200, '{"text":"x"}'))).toEqual({
      kind: 'error',
      reason: 'no_output',
    });
    expect(interpretWebhookResult(answer(200, '{"output":42}'))).toEqual({
      kind: 'error',
      reason: 'no_output',
    });
    expect(interpretWebhookResult(answer(200, '{"output":"  "}'))).toEqual({
      kind: 'error',
      reason: 'no_output',
    });
    expect(interpretWebhookResult(answer(200, 'null'))).toEqual({
      kind: 'error',
      reason: 'no_output',
    });
    expect(interpretWebhookResult({ ok: false, failure: 'too_large' })).toEqual({
      kind: 'error',
      reason: 'too_large',
    });
  });

  it("calls a workflow that returned nothing an empty reply: an empty body, [] or n8n's 'No item to return' 500", () => {
    for (const result of [
      answer(200, ''),
      answer(200, '  \n', null),
      answer(204, '', null),
      answer(200, '[]'),
      answer(500, '{"code":0,"message":"No item to return was found"}'),
    ]) {
      expect(interpretWebhookResult(result), JSON.stringify(result)).toEqual({
        kind: 'error',
        reason: 'empty_reply',
      });
    }
    expect(
      interpretWebhookResult(answer(500, '{"message":"Workflow could not be started!"}')),
    ).toEqual({ kind: 'error', reason: 'http_500' });
  });

  it('cuts a runaway reply', () => {
    const result = interpretWebhookResult(
      answer(200, JSON.stringify({ output: 'a'.repeat(MAX_OUTPUT_CHARS + 100) })),
    );
    expect(result.kind).toBe('reply');
    if (result.kind === 'reply') expect(result.output).toHaveLength(MAX_OUTPUT_CHARS + 1);
  });
});
