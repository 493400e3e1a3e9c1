import { describe, expect, it } from 'vitest';
import { parseBody } from '@/server/http/body';

const post = (body: BodyInit, contentType: string) =>
  new Request('http://127.0.0.1/api/leads/contact', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
  });

const form = (body: BodyInit, contentType: string) =>
  parseBody(post(body, contentType), { limit: 10_000, forms: true });

describe('parseBody: a urlencoded form post', () => {
  it('reads escapes as UTF-8 when no charset is declared, when UTF-8 is, and for UTF-16 as HTML forms do', async () => {
    const body = 'firstName=Jos%C3%A9&message=caf%C3%A9+cr%C3%A8me';
    for (const type of [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
      'application/x-www-form-urlencoded;charset="utf8"',
      'application/x-www-form-urlencoded; charset=UTF-16LE',
    ])
      expect(await form(body, type)).toEqual({
        kind: 'form',
        body: { firstName: 'José', message: 'café crème' },
      });
  });

  it('reads escapes in the charset the post declares, ISO-8859-1 as browsers read it (windows-1252)', async () => {
    expect(
      await form(
        'firstName=Jos%E9&message=caf%E9+cr%E8me%2C+%A3100%2C+it%92s&email=j%40example.com',
        'application/x-www-form-urlencoded; charset=ISO-8859-1',
      ),
    ).toEqual({
      kind: 'form',
      body: { firstName: 'José', message: 'café crème, £100, it’s', email: 'j@example.com' },
    });
    expect(
      await form(
        'name=M%FCller&price=%80100&empty=&flag&name=second&%=100%+',
        'application/x-www-form-urlencoded; charset=windows-1252',
      ),
    ).toEqual({
      kind: 'form',
      body: { name: 'Müller', price: '€100', empty: '', flag: '', '%': '100% ' },
    });
  });

  it('keeps the first value of a repeated name and drops NUL and __proto__, whatever the charset', async () => {
    const parsed = await form(
      '__proto__=x&a=1%00&a=2',
      'application/x-www-form-urlencoded; charset=latin1',
    );
    expect(parsed).toEqual({ kind: 'form', body: { a: '1' } });
    expect(Object.getPrototypeOf((parsed as { body: object }).body)).toBe(Object.prototype);
  });

  it('refuses a charset it cannot read with 415 and says what to send, before reading the body', async () => {
    expect(await form('a=1', 'application/x-www-form-urlencoded; charset=x-klingon')).toMatchObject(
      {
        refused: 'unsupported_media_type',
        status: 415,
        message: 'Send the form in UTF-8, or in a charset the Encoding Standard names.',
      },
    );
  });
});
