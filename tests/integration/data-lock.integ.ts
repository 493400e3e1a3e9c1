import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The embedded database's lock (src/server/db/data-lock.ts) across real processes: however many
 * start at once, on no lock, a stale one or an empty one, exactly one holds the folder.
 */

const root = mkdtempSync(path.join(tmpdir(), 'data-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CONTENDERS = 6;

/** Starts the contenders together; each says 'locked' (and holds it a while) or 'refused'. */
async function contend(dataDir: string): Promise<string[]> {
  const startAt = Date.now() + 1500;
  const child = `
    const { lockDataDir } = await import(${JSON.stringify(path.resolve('src/server/db/data-lock.ts'))});
    while (Date.now() < ${startAt});
    try { lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); await new Promise((r) => setTimeout(r, 1500)); }
    catch (error) { console.log(/in use by process \\d+/.test(error.message) ? 'refused' : 'error: ' + error.message); }
  `;
  const outcomes = Array.from({ length: CONTENDERS }, () => {
    const each = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', '--input-type=module', '-e', child],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    each.stdout.on('data', (chunk: Buffer) => (out += chunk));
    return new Promise<string>((resolve) => each.on('close', () => resolve(out.trim())));
  });
  return (await Promise.all(outcomes)).sort();
}

const oneHolds = ['locked', ...Array<string>(CONTENDERS - 1).fill('refused')].sort();

describe('the embedded database lock', () => {
  it('with no lock: exactly one of six processes starting at once holds the folder', async () => {
    const dataDir = path.join(root, 'fresh');
    expect(await contend(dataDir)).toEqual(oneHolds);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('with a stale lock (its process gone): exactly one takes it over', async () => {
    const dataDir = path.join(root, 'stale');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(`${dataDir}.lock`, gone.stdout.toString());
    expect(await contend(dataDir)).toEqual(oneHolds);
  });

  it('with an empty lock (a crash while it was written): exactly one takes it over', async () => {
    const dataDir = path.join(root, 'empty');
    writeFileSync(`${dataDir}.lock`, '');
    expect(await contend(dataDir)).toEqual(oneHolds);
  });
});
