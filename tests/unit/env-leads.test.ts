import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS, parseEnv } from '@/env';

describe('parseEnv: lead storage and delivery', () => {
  it('defaults to embedded storage, no webhook, the standard retry schedule', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LEADS_DATA_DIR).toBe('./data/pglite');
    expect(env.LEADS_WEBHOOK_URL).toBeUndefined();
    expect(env.LEADS_WEBHOOK_TIMEOUT_MS).toBe(15_000);
    expect(env.LEADS_RETRY_SCHEDULE_MS).toEqual(DEFAULT_RETRY_SCHEDULE_MS);
    expect(env.LEADS_RATE_LIMIT_PER_MINUTE).toBe(10);
    expect(env.LEADS_SWEEP_INTERVAL_MS).toBe(5_000);
    expect(env.LEADS_WORKER).toBe(true);
    expect(env.TRUST_PROXY).toEqual({ kind: 'none' });
    expect(env.LEADS_DATA_FSYNC).toBe(true);
  });

  it('parses a retry schedule in milliseconds, and none', () => {
    expect(parseEnv({ LEADS_RETRY_SCHEDULE_MS: '50, 100,200' }).LEADS_RETRY_SCHEDULE_MS).toEqual([50, 100, 200]);
    expect(parseEnv({ LEADS_RETRY_SCHEDULE_MS: 'none' }).LEADS_RETRY_SCHEDULE_MS).toEqual([]);
  });

  it('reads flags and numbers', () => {
    const env = parseEnv({ TRUST_PROXY: '1', LEADS_WORKER: '0', LEADS_RATE_LIMIT_PER_MINUTE: '0', LEADS_WEBHOOK_TIMEOUT_MS: '500' });
    expect(env).toMatchObject({ TRUST_PROXY: { kind: 'hops', hops: 1 }, LEADS_WORKER: false, LEADS_RATE_LIMIT_PER_MINUTE: 0, LEADS_WEBHOOK_TIMEOUT_MS: 500 });
  });

  it.each([
    ['DATABASE_URL', 'mysql://x', 'must be a postgres:// or postgresql:// URL'],
    ['LEADS_WEBHOOK_URL', 'hooks.example.com', 'must be an absolute http(s) URL'],
    ['LEADS_WEBHOOK_URL_DEMO', 'ftp://hooks.example.com', 'must be an absolute http(s) URL'],
    ['LEADS_WEBHOOK_SECRET', 'short', 'must be at least 16 characters'],
    ['LEADS_RETRY_SCHEDULE_MS', '10s,1m', 'must be a comma-separated list of milliseconds'],
    ['LEADS_RATE_LIMIT_PER_MINUTE', 'ten', 'must be a whole number'],
    ['TRUST_PROXY', 'yes', 'must be 0, a number of proxies (1-9) or the name of a header the proxy sets'],
    ['LEADS_DATA_FSYNC', 'off', 'must be 1 or 0'],
  ])('rejects a bad %s with a message naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});

describe('.env.example and README', () => {
  it('document every server variable', async () => {
    const { readFileSync } = await import('node:fs');
    const example = readFileSync('.env.example', 'utf8');
    const readme = readFileSync('README.md', 'utf8');
    const names = [
      'DATABASE_URL',
      'LEADS_DATA_DIR',
      'LEADS_WEBHOOK_URL',
      'LEADS_WEBHOOK_URL_GROWTH_AUDIT',
      'LEADS_WEBHOOK_URL_DEMO',
      'LEADS_WEBHOOK_URL_CONTACT',
      'LEADS_WEBHOOK_URL_ARIA_SIGNUP',
      'LEADS_WEBHOOK_SECRET',
      'LEADS_WEBHOOK_TIMEOUT_MS',
      'LEADS_RETRY_SCHEDULE_MS',
      'LEADS_SWEEP_INTERVAL_MS',
      'LEADS_WORKER',
      'LEADS_RATE_LIMIT_PER_MINUTE',
      'TRUST_PROXY',
      'LOG_LEVEL',
    ];
    // New since the README's table was last written: in .env.example already.
    for (const name of ['LEADS_DATA_FSYNC']) expect(example, name).toMatch(new RegExp(`^${name}=$`, 'm'));
    for (const name of names) {
      expect(example, name).toMatch(new RegExp(`^${name}=$`, 'm'));
      expect(readme, name).toContain(
        name.startsWith('LEADS_WEBHOOK_URL_') && name !== 'LEADS_WEBHOOK_URL_GROWTH_AUDIT' ? `_${name.slice('LEADS_WEBHOOK_URL_'.length)}` : name,
      );
    }
  });
});
