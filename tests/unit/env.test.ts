import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/env';

describe('parseEnv', () => {
  it('falls back to the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('http://localhost:3000');
    expect(env.NEXT_PUBLIC_BRAND_NAME).toBe('Brightline AI');
    expect(env.NEXT_PUBLIC_GTM_ID).toBeUndefined();
    expect(env.NEXT_PUBLIC_SOCIAL_LINKEDIN).toBeUndefined();
    // Only `next dev` sets development, which selects the development CSP; unset is production.
    expect(env.NODE_ENV).toBe('production');
  });

  it('gives the paid services an hourly budget unless 0 turns it off', () => {
    expect(parseEnv({})).toMatchObject({ CHAT_MESSAGES_PER_HOUR: 1000, VOICE_CALLS_PER_HOUR: 30 });
    expect(parseEnv({ CHAT_MESSAGES_PER_HOUR: '0', VOICE_CALLS_PER_HOUR: '0' })).toMatchObject({
      CHAT_MESSAGES_PER_HOUR: 0,
      VOICE_CALLS_PER_HOUR: 0,
    });
    expect(() => parseEnv({ VOICE_CALLS_PER_HOUR: '-1' })).toThrow(/VOICE_CALLS_PER_HOUR/);
  });

  it('treats empty and blank values as unset', () => {
    const env = parseEnv({
      NEXT_PUBLIC_SITE_URL: '',
      NEXT_PUBLIC_GTM_ID: '  ',
      NEXT_PUBLIC_SOCIAL_X: '',
    });
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('http://localhost:3000');
    expect(env.NEXT_PUBLIC_GTM_ID).toBeUndefined();
    expect(env.NEXT_PUBLIC_SOCIAL_X).toBeUndefined();
  });

  it('accepts a full configuration', () => {
    const env = parseEnv({
      NEXT_PUBLIC_SITE_URL: 'https://www.agency.com',
      NEXT_PUBLIC_GTM_ID: 'GTM-AB12CD3',
      NEXT_PUBLIC_SOCIAL_LINKEDIN: 'https://linkedin.com/company/agency',
      NEXT_PUBLIC_CONTACT_EMAIL: 'team@agency.com',
    });
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('https://www.agency.com');
    expect(env.NEXT_PUBLIC_GTM_ID).toBe('GTM-AB12CD3');
  });

  it.each([
    ['NEXT_PUBLIC_SITE_URL', 'www.agency.com', 'must be an absolute http(s) URL'],
    ['NEXT_PUBLIC_APP_URL', 'ftp://app.agency.com', 'must be an absolute http(s) URL'],
    ['NEXT_PUBLIC_GTM_ID', 'UA-12345', 'must look like GTM-XXXXXXX'],
    ['NEXT_PUBLIC_CONTACT_EMAIL', 'not-an-email', 'must be an email address'],
    ['NEXT_PUBLIC_SOCIAL_FACEBOOK', 'facebook.com/agency', 'must be an absolute http(s) URL'],
  ])('rejects a bad %s with a message naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});
