import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { reloadEnv } from '@/env';

/** The server postgres-setup.ts started (LEADS_TEST_DATABASE=postgres); null on PGlite. */
export const postgresUrl = inject('postgresUrl');

/**
 * scripts/server.mjs writes the connection's address into this header (replacing a client's copy)
 * and names the header on globalThis, where client-address.ts reads it; in-process tests set it.
 */
export const PEER_ADDRESS_HEADER = 'x-site-peer-address';

export function servedByServerMjs(): void {
  (globalThis as { __siteServer?: unknown }).__siteServer = {
    peerAddressHeader: PEER_ADDRESS_HEADER,
    shutdownHooks: [],
  };
}

/** The i-th of a rotating set of headers a client writes to pose as another address. */
export function forgedAddressHeaders(i: number): Record<string, string> {
  const fake = `203.0.113.${(i % 250) + 1}`;
  const sets: Record<string, string>[] = [
    { 'x-forwarded-for': fake },
    { 'x-forwarded-for': `${fake}, 198.51.100.${(i % 250) + 1}` },
    { 'x-real-ip': fake },
    { forwarded: `for=${fake};proto=https` },
    { 'true-client-ip': fake },
    { 'cf-connecting-ip': fake },
    { 'x-client-ip': fake, 'fastly-client-ip': fake, 'fly-client-ip': fake },
    {
      'x-forwarded-for': fake,
      'x-real-ip': fake,
      forwarded: `for="[2001:db8::${i}]"`,
      'true-client-ip': fake,
      'cf-connecting-ip': fake,
    },
  ];
  return sets[i % sets.length]!;
}

/** Sets these variables and re-reads env (src/env.ts): the app's next read sees them. */
export function setEnvironment(vars: Record<string, string>): void {
  Object.assign(process.env, vars);
  reloadEnv();
}

/**
 * Per-file environment: a test file imports the app at the top and calls this before its first
 * test. Each file gets its own database: a fresh PGlite folder in the run's scratch folder
 * (postgres-setup.ts removes it at the end), or a fresh database on the test PostgreSQL server.
 */
export async function freshEnvironment(
  vars: Record<string, string>,
): Promise<{ dataDir: string; databaseUrl: string | null }> {
  const root = mkdtempSync(path.join(inject('scratchDir'), 'leads-integ-'));
  const dataDir = path.join(root, 'pglite');
  let databaseUrl: string | null = null;
  if (postgresUrl) {
    const name = `leads_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = `${postgresUrl}/${name}`;
  }
  servedByServerMjs();
  setEnvironment({
    LEADS_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LEADS_TEST_LOG_LEVEL ?? 'silent',
    LEADS_WORKER: '0',
    // The digest falls due at 08:00 UTC: left on, a test's count of emails would depend on the hour.
    LEADS_DIGEST_HOUR: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...vars,
  });
  return { dataDir, databaseUrl };
}

export type PostOptions = {
  body: BodyInit | null;
  contentType?: string | null;
  accept?: string;
  headers?: Record<string, string>;
};

export function leadRequest(
  form: string,
  {
    body,
    contentType = 'application/json',
    accept = 'application/json',
    headers = {},
  }: PostOptions,
): Request {
  const all: Record<string, string> = { accept, ...headers };
  if (contentType) all['content-type'] = contentType;
  // The URL is for show (the route gets `form` as its param); a lone surrogate would make
  // encodeURIComponent throw.
  return new Request(
    `http://localhost/api/leads/${encodeURIComponent(form.replace(/[\ud800-\udfff]/g, '\ufffd'))}`,
    {
      method: 'POST',
      headers: all,
      body,
      duplex: 'half',
    } as RequestInit,
  );
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  { timeout = 10_000, interval = 25, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

export const validBodies = {
  'growth-audit': {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    website: 'example.com',
  },
  demo: {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    phone: '+1 (555) 010-0100',
    company: 'Navy',
    industry: 'other',
    callVolume: '0-100',
    message: 'Hi',
  },
  contact: {
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@example.com',
    phone: '',
    message: 'Hello',
  },
  'aria-signup': {
    firstName: 'Kat',
    lastName: 'Johnson',
    email: 'kat@example.com',
    phone: '555 010 0199',
    propertyName: 'Oak Court',
    units: '26-50',
  },
} as const;
