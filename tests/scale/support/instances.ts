import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { inject } from 'vitest';
import testEnv from '../../e2e/support/test-env.json' with { type: 'json' };

/**
 * What the scale tests share: the PostgreSQL server the integration suite's globalSetup starts on
 * loopback (LEADS_TEST_DATABASE=postgres; null otherwise, and the tests skip), a fresh database on
 * it per test file, and `next start` instances of the main test build on 127.0.0.1.
 */

export const postgresUrl = inject('postgresUrl');
export const distDir = process.env.SCALE_DIST_DIR || testEnv.main.NEXT_DIST_DIR;

export type Instance = { port: number; origin: string; process: ChildProcess; log: string[] };

/** Creates database `name` on the test server; returns its URL. */
export async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${postgresUrl}/${name}`;
}

/** One query on its own connection. */
export async function query<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The e2e build's settings without its webhooks: the e2e suite points the contact form at its own
 * receiver (LEADS_WEBHOOK_URL_CONTACT), which would take every contact lead away from a scale test's.
 */
const baseEnv = Object.fromEntries(Object.entries(testEnv.main).map(([name, value]) => [name, name.startsWith('LEADS_WEBHOOK_URL') ? '' : value]));

/** `next start` of the test build on 127.0.0.1:`port` with the e2e settings plus `env`; resolves once /api/health answers 200. */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn('npx', ['next', 'start', '--hostname', '127.0.0.1', '--port', String(port)], {
    env: { ...process.env, ...baseEnv, ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      const health = await fetch(`${origin}/api/health`);
      if (health.ok) return { port, origin, process: child, log };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stopInstances([{ port, origin, process: child, log }]);
  throw new Error(`instance on ${port} did not become healthy:\n${log.join('')}`);
}

/** Stops each instance's whole process group (npx, sh and next-server). */
export function stopInstances(instances: Instance[]): void {
  for (const instance of instances) {
    try {
      process.kill(-instance.process.pid!, 'SIGTERM');
    } catch {}
  }
}

/** `npm run leads -- <args>` (scripts/leads.ts) with the e2e settings plus `env`; `stdin` is piped in. */
export function leadsCommand(args: string[], env: Record<string, string>, stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['--conditions=react-server', '--import', 'tsx', 'scripts/leads.ts', ...args], {
      env: { ...process.env, ...baseEnv, LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
