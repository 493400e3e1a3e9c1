import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// drizzle-kit's programmatic API: the same diff `drizzle-kit generate` and `push` compute.
import { generateDrizzleJson, generateMigration, pushSchema } from 'drizzle-kit/api';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { schema } from '@/server/db/schema';
import { freshEnvironment } from './support/helpers';

/**
 * src/server/db/schema.ts is the database's one source: the migrations generated from it build
 * exactly that schema. Fails when schema.ts changes without `npm run db:generate`, or a migration
 * is edited by hand into something else.
 */

await freshEnvironment({});

const migrationsDir = path.join(process.cwd(), 'src', 'server', 'db', 'migrations');
const journal = JSON.parse(
  readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
) as { entries: Array<{ idx: number; tag: string }> };

beforeAll(async () => {
  await getDatabase(); // applies every migration
});
afterAll(closeDatabase);

describe('schema.ts and the migrations', () => {
  it('every migration file is in the journal and every journal entry has its file', () => {
    const files = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
  });

  it('the latest snapshot is schema.ts: nothing left to generate', async () => {
    const last = journal.entries.at(-1)!;
    const snapshot = JSON.parse(
      readFileSync(
        path.join(migrationsDir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`),
        'utf8',
      ),
    );
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  it('a database built by the migrations needs no change to match schema.ts', async () => {
    const { db } = await getDatabase();
    const { statementsToExecute } = await pushSchema(
      schema,
      db as never,
      ['public'],
      ['!lead_schema_migrations'],
    );
    expect(statementsToExecute).toEqual([]);
  });

  it("sets what schema.ts cannot state: the trigram index's 256 kB pending list (migration 0008)", async () => {
    const { db } = await getDatabase();
    const result = await db.execute(
      sql`SELECT reloptions FROM pg_class WHERE relname = 'leads_search_idx'`,
    );
    expect((result as unknown as { rows: Array<{ reloptions: string[] | null }> }).rows).toEqual([
      { reloptions: ['gin_pending_list_limit=256'] },
    ]);
  });
});
