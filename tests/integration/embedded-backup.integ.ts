import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POST } from '@/app/api/leads/[form]/route';
import { runCommand } from '@/server/admin/commands';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { EmbeddedDatabase } from '@/server/db/embedded';
import { freshEnvironment, postgresUrl, validBodies } from './support/helpers';

/**
 * The operator commands `backup <file>` and `restore <file> [--to <folder>]` in the process that
 * holds the database (tests/scale/embedded-store.scale.ts runs them over the command socket under
 * load). A restored folder holds every lead and each delivery's state and is private like the
 * site's own; a restore never writes into a folder that holds anything. With DATABASE_URL both say
 * what to use instead.
 */

await freshEnvironment({ LEADS_RATE_LIMIT_PER_MINUTE: '0' });
const root = mkdtempSync(path.join(tmpdir(), 'embedded-backup-'));

afterAll(async () => {
  await closeDatabase();
  rmSync(root, { recursive: true, force: true });
});

async function command(args: string[]) {
  let out = '';
  const code = await runCommand(args, {
    out: async (text) => void (out += text),
    err: async (text) => void (out += text),
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return { code, out };
}

async function postLead(i: number): Promise<string> {
  const response = await POST(
    new Request('http://localhost/api/leads/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-site-peer-address': '192.0.2.7' },
      body: JSON.stringify({ ...validBodies.contact, email: `kept${i}@example.com` }),
    }),
    { params: Promise.resolve({ form: 'contact' }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type Row = { id: string; email: string; delivery: string; attempts: number };
const SNAPSHOT = `SELECT l.id, l.fields->>'email' AS email, d.status AS delivery, d.attempts
  FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id ORDER BY l.id`;

describe.skipIf(postgresUrl)('backup and restore of the embedded database', () => {
  it('restores every lead with its delivery state into a new private folder', async () => {
    for (let i = 0; i < 25; i++) await postLead(i);
    const { db } = await getDatabase();
    // Some deliveries in other states than the 'skipped' of a site without a webhook.
    await db.execute(
      sql`UPDATE lead_deliveries SET status = 'failed', attempts = 21 WHERE lead_id IN (SELECT id FROM leads ORDER BY id LIMIT 5)`,
    );
    const before = ((await db.execute(sql.raw(SNAPSHOT))) as unknown as { rows: Row[] }).rows;
    expect(new Set(before.map((row) => row.delivery))).toEqual(new Set(['failed', 'skipped']));

    const file = path.join(root, 'leads.tar.gz');
    const backup = await command(['backup', file]);
    expect(backup).toMatchObject({ code: 0, out: expect.stringMatching(/^Backed up to /) });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A copy of every lead, like an export: the audit log says one was taken.
    const audit = await db.execute(
      sql`SELECT actor FROM admin_audit_log WHERE action = 'database_backed_up'`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([{ actor: 'command line' }]);

    const target = path.join(root, 'restored');
    const restore = await command(['restore', file, '--to', target]);
    expect(restore).toMatchObject({ code: 0, out: expect.stringContaining('Restored 25 lead(s)') });
    expect(statSync(target).mode & 0o777).toBe(0o700);
    const opened = await EmbeddedDatabase.open(target, { fsync: false });
    try {
      expect((await opened.query<Row>(SNAPSHOT)).rows).toEqual(before);
    } finally {
      await opened.close();
    }
  });

  it('waits for an open transaction to end, so a backup holds all of it or none', async () => {
    const { db } = await getDatabase();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO lead_settings (key, value) VALUES ('half', 'one')`);
      await held;
      await tx.execute(sql`INSERT INTO lead_settings (key, value) VALUES ('other-half', 'two')`);
    });
    const file = path.join(root, 'during-transaction.tar.gz');
    let finished = false;
    const backup = command(['backup', file]).then((result) => ((finished = true), result));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);
    release();
    await transaction;
    expect(await backup).toMatchObject({ code: 0 });
    const target = path.join(root, 'after-transaction');
    expect(await command(['restore', file, '--to', target])).toMatchObject({ code: 0 });
    const opened = await EmbeddedDatabase.open(target, { fsync: false });
    try {
      const { rows } = await opened.query<{ key: string }>(
        "SELECT key FROM lead_settings WHERE key IN ('half', 'other-half') ORDER BY key",
      );
      expect(rows.map((row) => row.key)).toEqual(['half', 'other-half']);
    } finally {
      await opened.close();
    }
  });

  it('refuses to restore into a folder that holds anything, and leaves it as it was', async () => {
    const file = path.join(root, 'leads.tar.gz');
    const occupied = path.join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
    const restore = await command(['restore', file, '--to', occupied]);
    expect(restore.code).toBeInstanceOf(Error);
    expect(String(restore.code)).toMatch(
      /is not empty: a backup is restored into a new folder only/,
    );
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('makes a missing folder for the backup (private), and refuses a folder as the file, leaving nothing', async () => {
    const nested = path.join(root, 'backups', 'hourly', 'leads.tar.gz');
    expect(await command(['backup', nested])).toMatchObject({ code: 0 });
    expect(statSync(path.dirname(nested)).mode & 0o777).toBe(0o700);
    expect(statSync(nested).mode & 0o777).toBe(0o600);

    const folder = path.join(root, 'backups');
    const refused = await command(['backup', folder]);
    expect(String(refused.code)).toMatch(/backups is a folder: name a file in it, e\.g\. /);
    expect(readdirSync(root).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('never replaces a device or a link with a backup, and says why a path cannot be written', async () => {
    // The rename that puts a backup in place would replace /dev/null itself, or the link.
    const link = path.join(root, 'latest.tar.gz');
    symlinkSync(path.join(root, 'backups', 'hourly', 'leads.tar.gz'), link);
    for (const target of ['/dev/null', link]) {
      const refused = await command(['backup', target]);
      expect(String(refused.code)).toContain(
        `${target} is not a regular file (a device, link or socket): name a new file, or an earlier backup to replace.`,
      );
    }
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    // Nor a file of the database itself, which the site could then not open.
    const dataDir = path.resolve(process.env.LEADS_DATA_DIR!);
    const own = path.join(dataDir, 'PG_VERSION');
    const version = readFileSync(own, 'utf8');
    expect(String((await command(['backup', own])).code)).toContain(
      `${own} is inside the database's own folder (${dataDir}): a backup there would overwrite it.`,
    );
    expect(readFileSync(own, 'utf8')).toBe(version);
    // A file where a folder should be: a sentence, not ENOTDIR.
    const file = path.join(root, 'leads.tar.gz');
    expect(String((await command(['backup', path.join(file, 'x.tar.gz')])).code)).toContain(
      `Cannot use ${path.join(file, 'x.tar.gz')}: part of the path is a file, not a folder.`,
    );
    expect(String((await command(['restore', file, '--to', file])).code)).toContain(
      `Cannot use ${file}: part of the path is a file, not a folder.`,
    );
  });

  it('a path under /proc is refused at once, not a hang, and nothing is restored inside the database', async () => {
    // The kernel answers ENOENT for a new folder there, where Node's recursive mkdir loops for ever.
    const proc = `/proc/${process.pid}/backups/leads.tar.gz`;
    expect(String((await command(['backup', proc])).code)).toContain(
      `Cannot use ${proc}: its folder does not exist and cannot be made there.`,
    );
    const file = path.join(root, 'leads.tar.gz');
    const procFolder = `/proc/${process.pid}/restored/leads`;
    expect(String((await command(['restore', file, '--to', procFolder])).code)).toContain(
      `Cannot use ${procFolder}: its folder does not exist and cannot be made there.`,
    );
    const dataDir = path.resolve(process.env.LEADS_DATA_DIR!);
    const nested = path.join(dataDir, 'pg_wal', 'copy');
    expect(String((await command(['restore', file, '--to', nested])).code)).toContain(
      `${nested} is inside the database's own folder (${dataDir}): restore into a folder elsewhere.`,
    );
    expect(existsSync(nested)).toBe(false);
  });

  it('a missing or broken backup file restores nothing and leaves no folder behind', async () => {
    const missing = path.join(root, 'never-written.tar.gz');
    const fresh = path.join(root, 'from-missing');
    const restore = await command(['restore', missing, '--to', fresh]);
    expect(String(restore.code)).toMatch(/is not a backup file: there is no file at /);
    expect(existsSync(fresh)).toBe(false);

    const broken = path.join(root, 'broken.tar.gz');
    writeFileSync(broken, 'not a tarball');
    const intoNew = path.join(root, 'from-broken');
    expect(String((await command(['restore', broken, '--to', intoNew])).code)).toMatch(
      /could not be restored .* is left as it was/,
    );
    expect(existsSync(intoNew)).toBe(false);
    const intoEmpty = path.join(root, 'empty-before');
    mkdirSync(intoEmpty, { mode: 0o700 });
    expect(String((await command(['restore', broken, '--to', intoEmpty])).code)).toMatch(
      /could not be restored .* is left as it was/,
    );
    expect(readdirSync(intoEmpty)).toEqual([]);
  });

  it('asks for the file', async () => {
    expect(String((await command(['backup'])).code)).toMatch(/backup needs a file/);
  });
});

describe.skipIf(!postgresUrl)('backup and restore with DATABASE_URL', () => {
  it("say to use PostgreSQL's own tools", async () => {
    for (const args of [
      ['backup', path.join(root, 'x.tar.gz')],
      ['restore', 'x.tar.gz'],
    ])
      expect(String((await command(args)).code)).toMatch(/pg_dump --format=custom/);
  });
});
