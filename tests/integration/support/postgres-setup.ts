import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest globalSetup: a scratch folder under the OS temp folder that each test file's PGlite folder
 * goes in, removed when the run ends; with LEADS_TEST_DATABASE=postgres, also a throwaway PostgreSQL
 * server on 127.0.0.1 (initdb and pg_ctl, data in a temp folder, fsync off) whose URL each test
 * file gets to create its own database on.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    scratchDir: string;
  }
}

function findBin(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'leads-tests-'));
  project.provide('scratchDir', scratch);
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  if (process.env.LEADS_TEST_DATABASE !== 'postgres') {
    project.provide('postgresUrl', null);
    return removeScratch;
  }
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl)
    throw new Error(
      'LEADS_TEST_DATABASE=postgres needs initdb and pg_ctl (Debian: apt-get install postgresql)',
    );

  const root = mkdtempSync(path.join(tmpdir(), 'leads-pg-'));
  const data = path.join(root, 'data');
  // PostgreSQL refuses to run as root: run its tools as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const run = (bin: string, args: string[]) => {
    const [command, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
      : [bin, args];
    const result = spawnSync(command, all as string[], { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${path.basename(bin)} failed:\n${result.stdout}\n${result.stderr}`);
  };

  const port = await freePort();
  run(initdb, [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  run(pgCtl, [
    '-D',
    data,
    '-l',
    path.join(root, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  console.log(`[integration] PostgreSQL on 127.0.0.1:${port} (${data})`);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}`);

  return () => {
    try {
      run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
      removeScratch();
    }
  };
}
