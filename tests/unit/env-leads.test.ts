import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { leadForms, notifyEnvOf, webhookEnvOf } from '@/config/lead-form-ids';
import { DEFAULT_RETRY_SCHEDULE_MS, MAKE_WEBHOOK_SECRET, parseEnv } from '@/env';

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
    expect(parseEnv({ LEADS_RETRY_SCHEDULE_MS: '50, 100,200' }).LEADS_RETRY_SCHEDULE_MS).toEqual([
      50, 100, 200,
    ]);
    expect(parseEnv({ LEADS_RETRY_SCHEDULE_MS: 'none' }).LEADS_RETRY_SCHEDULE_MS).toEqual([]);
  });

  it('reads flags and numbers', () => {
    const env = parseEnv({
      TRUST_PROXY: '1',
      LEADS_WORKER: '0',
      LEADS_RATE_LIMIT_PER_MINUTE: '0',
      LEADS_WEBHOOK_TIMEOUT_MS: '500',
    });
    expect(env).toMatchObject({
      TRUST_PROXY: { kind: 'hops', hops: 1 },
      LEADS_WORKER: false,
      LEADS_RATE_LIMIT_PER_MINUTE: 0,
      LEADS_WEBHOOK_TIMEOUT_MS: 500,
    });
  });

  it.each([
    ['DATABASE_URL', 'mysql://x', 'must be a postgres:// or postgresql:// URL'],
    ['LEADS_WEBHOOK_URL', 'hooks.example.com', 'must be an absolute http(s) URL'],
    ['LEADS_WEBHOOK_URL_DEMO', 'ftp://hooks.example.com', 'must be an absolute http(s) URL'],
    [
      'LEADS_WEBHOOK_SECRET',
      'a-plain-shared-secret-of-any-length',
      'must be a Standard Webhooks secret',
    ],
    ['LEADS_WEBHOOK_HEADER_NAME', 'X Token', 'must be an HTTP header name'],
    ['LEADS_WEBHOOK_HEADER_NAME', 'Content-Type', 'names a header the site sets itself'],
    ['CHAT_WEBHOOK_HEADER_VALUE', 'two\nlines', 'must be 1 to 1024 printable ASCII characters'],
    ['LEADS_RETRY_SCHEDULE_MS', '10s,1m', 'must be a comma-separated list of milliseconds'],
    ['LEADS_RATE_LIMIT_PER_MINUTE', 'ten', 'must be a whole number'],
    [
      'TRUST_PROXY',
      'yes',
      'must be 0, a number of proxies (1-9) or the name of a header the proxy sets',
    ],
    ['LEADS_DATA_FSYNC', 'off', 'must be 1 or 0'],
  ])('rejects a bad %s with a message naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});

describe('parseEnv: LEADS_WEBHOOK_SECRET is a Standard Webhooks secret', () => {
  it('accepts whsec_ and 24 to 64 bytes of canonical base64', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(parseEnv({ LEADS_WEBHOOK_SECRET: secret }).LEADS_WEBHOOK_SECRET).toBe(secret);
    expect(
      parseEnv({ LEADS_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
        .LEADS_WEBHOOK_SECRET,
    ).toBeDefined();
  });

  it.each([
    ['no prefix', Buffer.alloc(32, 7).toString('base64')],
    ['too short', `whsec_${Buffer.alloc(16, 7).toString('base64')}`],
    ['too long', `whsec_${Buffer.alloc(65, 7).toString('base64')}`],
    ['not base64', 'whsec_this-is-not*base64!!'],
    [
      'base64 without its padding',
      `whsec_${Buffer.alloc(32, 7).toString('base64').replace(/=+$/, '')}`,
    ],
  ])('refuses %s, naming the variable and how to make one', (_label, value) => {
    expect(() => parseEnv({ LEADS_WEBHOOK_SECRET: value })).toThrow(
      /LEADS_WEBHOOK_SECRET: must be a Standard Webhooks secret[^\n]*node -e "console\.log\('whsec_'\+require\('crypto'\)\.randomBytes\(32\)\.toString\('base64'\)\)"/,
    );
  });

  // Starts a node process: generous on a loaded machine.
  it('the command it shows makes a secret it accepts', { timeout: 30_000 }, () => {
    const made = execSync(MAKE_WEBHOOK_SECRET, { encoding: 'utf8' }).trim();
    expect(parseEnv({ LEADS_WEBHOOK_SECRET: made }).LEADS_WEBHOOK_SECRET).toBe(made);
  });
});

describe('parseEnv: Header Auth for the webhooks', () => {
  it('takes a header name and value for each webhook', () => {
    const env = parseEnv({
      LEADS_WEBHOOK_HEADER_NAME: 'X-Leads-Token',
      LEADS_WEBHOOK_HEADER_VALUE: 'secret value 1',
      CHAT_WEBHOOK_HEADER_NAME: 'Authorization',
      CHAT_WEBHOOK_HEADER_VALUE: 'Bearer abc',
    });
    expect(env).toMatchObject({
      LEADS_WEBHOOK_HEADER_NAME: 'X-Leads-Token',
      CHAT_WEBHOOK_HEADER_VALUE: 'Bearer abc',
    });
  });

  it.each([
    [
      { LEADS_WEBHOOK_HEADER_NAME: 'X-Token' },
      'LEADS_WEBHOOK_HEADER_VALUE: must be set together with LEADS_WEBHOOK_HEADER_NAME',
    ],
    [
      { CHAT_WEBHOOK_HEADER_VALUE: 'x' },
      'CHAT_WEBHOOK_HEADER_NAME: must be set together with CHAT_WEBHOOK_HEADER_VALUE',
    ],
  ])('refuses half of a header', (vars, message) => {
    expect(() => parseEnv(vars)).toThrow(message);
  });
});

describe('.env.example', () => {
  it('documents the webhook authentication and chat streaming variables', () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const name of [
      'LEADS_WEBHOOK_HEADER_NAME',
      'LEADS_WEBHOOK_HEADER_VALUE',
      'CHAT_WEBHOOK_HEADER_NAME',
      'CHAT_WEBHOOK_HEADER_VALUE',
      'CHAT_IDLE_TIMEOUT_MS',
    ]) {
      expect(example, name).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
  });
});

describe('.env.example and README', () => {
  /** Every variable src/env.ts reads: its schema's keys and each lead form's own variables. */
  function envVariables(): string[] {
    const source = readFileSync('src/env.ts', 'utf8');
    const block = source.slice(
      source.indexOf('const schema = z.object({'),
      source.indexOf('\n});', source.indexOf('const schema = z.object({')),
    );
    const keys = [...block.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(([, name]) => name!);
    return [...keys, ...leadForms.flatMap((form) => [webhookEnvOf(form), notifyEnvOf(form)])];
  }
  // Set by Next.js or read only from the shell: mentioned in .env.example, not assigned there.
  const notAssigned = new Set(['NODE_ENV', 'NEXT_PHASE', 'NEXT_DIST_DIR']);

  it('finds the variables in src/env.ts', () => {
    const names = envVariables();
    expect(names.length).toBeGreaterThan(40);
    for (const name of [
      'NEXT_PUBLIC_SITE_URL',
      'DATABASE_URL',
      'LEADS_DATA_FSYNC',
      'LEADS_WEBHOOK_URL_DEMO',
      'ADMIN_SESSION_MAX_HOURS',
      'NEXT_PHASE',
    ])
      expect(names).toContain(name);
  });

  it('document every variable the site reads', () => {
    const example = readFileSync('.env.example', 'utf8');
    const readme = readFileSync('README.md', 'utf8');
    for (const name of envVariables()) {
      expect(readme, `README.md names ${name}`).toContain(`\`${name}\``);
      if (notAssigned.has(name)) expect(example, `.env.example mentions ${name}`).toContain(name);
      else expect(example, `.env.example assigns ${name}`).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
  });
});

describe('parseEnv: notifications', () => {
  it('defaults: email off, the agency addressed through the site contact, alerts and a digest at 8 UTC, 50 confirmations an hour', () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBeUndefined();
    // Unset: src/server/outbox/targets.ts falls back to the site's contact email.
    expect(env.LEADS_NOTIFY_TO).toBeUndefined();
    expect(env).toMatchObject({
      LEADS_ALERT_FAILED: true,
      LEADS_ALERT_FAILING: true,
      LEADS_DIGEST_HOUR: 8,
      LEADS_AUTORESPONSE_PER_HOUR: 50,
      LEADS_AUTORESPONSE_PER_CLIENT: 3,
    });
  });

  it('reads recipients, per-form recipients, none, the sender and an SMTP URL', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://user%40x:p%2Fss@smtp.example.com:465',
      MAIL_FROM: 'Brightline AI <hello@brightline.example>',
      LEADS_NOTIFY_TO: ' team@agency.example ,boss@agency.example',
      LEADS_NOTIFY_TO_DEMO: 'none',
      LEADS_DIGEST_HOUR: 'off',
    });
    expect(env.LEADS_NOTIFY_TO).toEqual(['team@agency.example', 'boss@agency.example']);
    expect(env.LEADS_NOTIFY_TO_DEMO).toEqual([]);
    expect(env.LEADS_DIGEST_HOUR).toBeNull();
    expect(env.MAIL_FROM).toBe('Brightline AI <hello@brightline.example>');
  });

  it.each([
    ['SMTP_URL', 'smtp.example.com', 'must be an smtp:// or smtps:// URL'],
    // Options in the URL (tls.rejectUnauthorized=false) would turn certificate checks off.
    [
      'SMTP_URL',
      'smtps://u:p@smtp.example.com/?tls.rejectUnauthorized=false',
      'must be an smtp://',
    ],
    ['MAIL_FROM', 'Brightline AI', 'must be an address, or a name and an address'],
    ['LEADS_NOTIFY_TO', 'team@agency.example; boss', 'must be email addresses separated by commas'],
    ['LEADS_NOTIFY_TO_CONTACT', 'not an address', 'must be email addresses separated by commas'],
    ['LEADS_NOTIFY_CHAT_URL', 'hooks.slack.com/x', 'must be an absolute http(s) URL'],
    ['LEADS_DIGEST_HOUR', '24', 'must be an hour from 0 to 23 (UTC), or off'],
    ['LEADS_AUTORESPONSE_PER_HOUR', '-1', 'must be at least 0'],
    ['LEADS_AUTORESPONSE_PER_CLIENT', '0', 'must be at least 1'],
  ])('rejects a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});
