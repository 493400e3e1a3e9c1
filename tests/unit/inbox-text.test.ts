import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/env';
import { hasHiddenCharacters, readHidden, showHidden } from '@/lib/visible-text';
import { email } from '@/lib/validation';

describe('what the inbox shows of a visitor’s text', () => {
  it('writes out the characters that change what is shown without being seen', () => {
    expect(showHidden('ceo@victim.\u202emoc\u202c')).toBe('ceo@victim.\\u202emoc\\u202c');
    expect(showHidden('a\u200bb\u2066c\u2069d\ufeffe\u0007f\u061cg')).toBe(
      'a\\u200bb\\u2066c\\u2069d\\ufeffe\\u0007f\\u061cg',
    );
    // Tabs, line breaks and ordinary non-ASCII text stay as they are.
    expect(showHidden('Zoë\tRenée\nÅsa 李')).toBe('Zoë\tRenée\nÅsa 李');
  });

  it('reads what it shows back to the characters, and nothing else', () => {
    expect(readHidden('ceo@victim.\\u202emoc\\u202c')).toBe('ceo@victim.\u202emoc\u202c');
    expect(readHidden('\\u0041 stays written')).toBe('\\u0041 stays written');
    for (const text of ['x\u202ey', 'a\u0000b', 'plain'])
      expect(readHidden(showHidden(text))).toBe(text);
  });

  it('is asked the same question twice in a row with the same answer (no regex state carried over)', () => {
    expect([hasHiddenCharacters('a\u202e'), hasHiddenCharacters('a\u202e')]).toEqual([true, true]);
    expect(hasHiddenCharacters('plain')).toBe(false);
  });

  it('refuses an email address with a hidden or direction-changing character', () => {
    expect(email('ceo@victim.\u202emoc\u202c')).toEqual({ ok: false, code: 'invalid' });
    expect(email('ana\u200b@agency.example')).toEqual({ ok: false, code: 'invalid' });
    expect(email('ana@agency.example')).toEqual({ ok: true, value: 'ana@agency.example' });
  });
});

describe('parseEnv: retention', () => {
  it('keeps spam 30 days and other leads until deleted, unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({
      LEADS_SPAM_RETENTION_DAYS: 30,
      LEADS_RETENTION_DAYS: null,
    });
    expect(
      parseEnv({ LEADS_SPAM_RETENTION_DAYS: 'off', LEADS_RETENTION_DAYS: '0.5' }),
    ).toMatchObject({ LEADS_SPAM_RETENTION_DAYS: null, LEADS_RETENTION_DAYS: 0.5 });
  });

  it.each(['0', '-1', 'never', '36501', '1e3'])(
    'refuses %s as a period, naming the variable',
    (value) => {
      expect(() => parseEnv({ LEADS_RETENTION_DAYS: value })).toThrow(
        /LEADS_RETENTION_DAYS: must be a number of days greater than 0/,
      );
    },
  );
});
