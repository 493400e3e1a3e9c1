import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { freshEnvironment } from './support/helpers';

/**
 * An operator command exits only once its output has drained into a pipe (exiting earlier leaves
 * the reader the first 64 KB, with exit 0). 5,100 leads go through a pipe whose reader is slow and
 * one whose reader leaves early: the first gets every byte; the second makes the command exit
 * non-zero.
 */

await freshEnvironment({ LEADS_WEBHOOK_URL: '' });
const LEADS = 5_100;

/**
 * Runs the command with its output into a shell pipeline (`| <reader>`); answers the command's own
 * exit code and what the reader printed.
 */
function piped(
  args: string[],
  reader: string,
): Promise<{ code: number; printed: string; stderr: string }> {
  const command = [
    process.execPath,
    '--conditions=react-server',
    '--import',
    'tsx',
    'scripts/leads.ts',
    ...args,
  ]
    .map((part) => `'${part}'`)
    .join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      ['-c', `${command} 2>&3 | ${reader}; echo "exit=\${PIPESTATUS[0]}"`],
      { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdio[3]!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => {
      const match = /exit=(\d+)\n$/.exec(stdout);
      if (!match)
        return reject(new Error(`no exit status in ${JSON.stringify(stdout.slice(-200))}`));
      resolve({ code: Number(match[1]), printed: stdout.slice(0, match.index), stderr });
    });
  });
}

afterAll(async () => {
  await closeDatabase();
});

describe('operator commands whose output goes to a pipe', () => {
  it('stores 5,100 leads', { timeout: 120_000 }, async () => {
    const { db } = await getDatabase();
    await db.execute(sql`
      INSERT INTO leads (id, form, status, fields, attribution, created_at)
      SELECT gen_random_uuid(), 'contact', 'accepted',
        jsonb_build_object('firstName', 'Pipe' || n, 'lastName', 'Reader', 'email', 'pipe' || n || '@example.com', 'phone', '+1 555 010 ' || lpad(n::text, 4, '0'), 'message', repeat('a long message ', 8)),
        '{}'::jsonb, now() - make_interval(secs => n)
      FROM generate_series(1, ${LEADS}) AS n`);
    await closeDatabase(); // the embedded database is one process's: the commands below open it
  });

  it('export --csv gives a slow reader every byte, and exits 0', { timeout: 120_000 }, async () => {
    // The reader waits 2 s before reading, so the command meets a full pipe and must wait for it.
    const result = await piped(['export', '--csv'], '(sleep 2; cat)');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Every row arrived whole: the header, then each lead once, each line ended by CRLF.
    const rows = result.printed.split('\r\n');
    expect(rows.pop()).toBe('');
    expect(rows[0]).toMatch(/^\uFEFFid,created_at,form,status,/);
    const emails = rows.slice(1).map((row) => /,(pipe\d+@example\.com),/.exec(row)?.[1]);
    expect(new Set(emails).size).toBe(LEADS);
    expect(emails).toContain(`pipe${LEADS}@example.com`);
    expect(result.printed.length).toBeGreaterThan(500_000);
  });

  it('list --limit 5000 gives a slow reader every line', { timeout: 120_000 }, async () => {
    const result = await piped(['list', '--limit', '5000'], '(sleep 2; grep -c "@example.com")');
    expect(result.code).toBe(0);
    expect(Number(result.printed.trim())).toBe(5_000);
  });

  it(
    'a reader that goes away early makes the command exit non-zero, not 0',
    { timeout: 120_000 },
    async () => {
      const result = await piped(['export', '--csv'], 'head -c 1000 | wc -c');
      expect(Number(result.printed.trim())).toBe(1000); // it was writing the export when the reader left
      expect(result.code).not.toBe(0);
    },
  );
});
