import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '@/server/http/same-origin';
import { parseChatRequest } from '@/server/chat/schema';

const sessionId = '3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a3b';

describe('parseChatRequest', () => {
  it('accepts sessionId and chatInput, trims the message and defaults metadata to {}', () => {
    expect(parseChatRequest({ sessionId, chatInput: '  Hello \n' })).toEqual({
      ok: true,
      value: { sessionId, chatInput: 'Hello', metadata: {} },
    });
  });

  it('accepts message as an alias of chatInput, chatInput winning when both are sent', () => {
    expect(parseChatRequest({ sessionId, message: 'Hi' })).toMatchObject({
      ok: true,
      value: { chatInput: 'Hi' },
    });
    expect(parseChatRequest({ sessionId, message: 'Hi', chatInput: 'Yo' })).toMatchObject({
      ok: true,
      value: { chatInput: 'Yo' },
    });
  });

  it('keeps small metadata and ignores unknown fields', () => {
    const result = parseChatRequest({
      sessionId,
      chatInput: 'x',
      metadata: { page: '/ai-chatbot', n: 1, ok: true, none: null },
      extra: 1,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        sessionId,
        chatInput: 'x',
        metadata: { page: '/ai-chatbot', n: 1, ok: true, none: null },
      },
    });
  });

  it('allows exactly 2000 characters and refuses 2001', () => {
    expect(parseChatRequest({ sessionId, chatInput: 'a'.repeat(2000) }).ok).toBe(true);
    expect(parseChatRequest({ sessionId, chatInput: 'a'.repeat(2001) })).toEqual({
      ok: false,
      fieldErrors: { chatInput: 'too_long' },
    });
  });

  it('refuses a message with a lone UTF-16 surrogate as invalid, as the lead forms do; a whole pair is text', () => {
    for (const chatInput of ['\ud800', 'hi \udc00', '\ud83d'])
      expect(parseChatRequest({ sessionId, chatInput }), JSON.stringify(chatInput)).toEqual({
        ok: false,
        fieldErrors: { chatInput: 'invalid' },
      });
    expect(parseChatRequest({ sessionId, chatInput: 'hi \ud83d\ude00' }).ok).toBe(true);
  });

  it('refuses an empty or whitespace-only message, and one that is not a string', () => {
    for (const chatInput of ['', '   \n\t', '\u0000', undefined, 42, null, ['a'], { text: 'a' }]) {
      const result = parseChatRequest({ sessionId, chatInput });
      expect(result.ok, JSON.stringify(chatInput)).toBe(false);
      if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual(['chatInput']);
    }
  });

  it('refuses a missing or malformed session id', () => {
    for (const bad of [
      undefined,
      '',
      'abc',
      'not-a-uuid-at-all-0000000000000000000',
      `${sessionId}x`,
      ` ${sessionId}`,
      123,
      '../../etc/passwd',
    ]) {
      const result = parseChatRequest({ sessionId: bad, chatInput: 'Hi' });
      expect(result.ok, String(bad)).toBe(false);
      if (!result.ok) expect(result.fieldErrors.sessionId).toBeDefined();
    }
  });

  it('refuses metadata that is not a small flat object', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    for (const metadata of [
      'x',
      [1],
      { nested: { a: 1 } },
      { long: 'x'.repeat(501) },
      many,
      { ['k'.repeat(51)]: 1 },
    ]) {
      const result = parseChatRequest({ sessionId, chatInput: 'Hi', metadata });
      expect(result.ok, JSON.stringify(metadata).slice(0, 40)).toBe(false);
      if (!result.ok) expect(result.fieldErrors.metadata).toBeDefined();
    }
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'text', 1, []]) expect(parseChatRequest(body).ok).toBe(false);
  });
});

describe('isSameOrigin', () => {
  const site = 'https://www.example-agency.test';
  const h = (init: Record<string, string>) => new Headers(init);

  it('lets requests without an Origin header through', () => {
    expect(isSameOrigin(h({ host: 'localhost:3000' }), site, false)).toBe(true);
  });

  it("accepts the configured site's origin and the host the request was sent to", () => {
    expect(
      isSameOrigin(
        h({ origin: 'https://www.example-agency.test', host: 'internal:3000' }),
        site,
        false,
      ),
    ).toBe(true);
    expect(
      isSameOrigin(h({ origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' }), site, false),
    ).toBe(true);
    expect(
      isSameOrigin(h({ origin: 'http://localhost' }), site, false, 'http://localhost/api/chat'),
    ).toBe(true);
    expect(
      isSameOrigin(h({ origin: 'https://shop.example', host: 'shop.example:443' }), site, false),
    ).toBe(true);
  });

  it('refuses other origins, opaque origins and other ports', () => {
    expect(
      isSameOrigin(h({ origin: 'https://evil.example', host: '127.0.0.1:3100' }), site, false),
    ).toBe(false);
    expect(isSameOrigin(h({ origin: 'null', host: '127.0.0.1:3100' }), site, false)).toBe(false);
    expect(
      isSameOrigin(h({ origin: 'http://127.0.0.1:9999', host: '127.0.0.1:3100' }), site, false),
    ).toBe(false);
    expect(
      isSameOrigin(
        h({ origin: 'https://www.example-agency.test.evil.example', host: 'x' }),
        site,
        false,
      ),
    ).toBe(false);
    expect(
      isSameOrigin(h({ origin: 'chrome-extension://abc' }), site, false, 'http://abc/api/chat'),
    ).toBe(false);
  });

  it('trusts X-Forwarded-Host only behind a trusted proxy', () => {
    const headers = h({
      origin: 'https://preview.example',
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'preview.example',
    });
    expect(isSameOrigin(headers, site, true)).toBe(true);
    expect(isSameOrigin(headers, site, false)).toBe(false);
  });
});
