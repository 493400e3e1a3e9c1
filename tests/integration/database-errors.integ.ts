import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { format } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runCommand } from '@/server/admin/commands';
import { signIn } from '@/server/admin/credentials';
import { currentOperator } from '@/server/admin/session';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { operators } from '@/server/db/schema';
import { searchLeads } from '@/server/leads/queries';
import { describeError } from '@/server/log';
import { freshEnvironment, postgresUrl } from './support/helpers';

/**
 * A failed statement's values never leave src/server/db/ (errors.ts): not in the error a page or a
 * session lookup throws (Next prints it to stderr whole), its causes, or the log line. Each failure
 * is forced for real (a session table gone, a search PostgreSQL refuses, a unique key taken, on
 * PGlite the database's thread dying); all that is printed, or that printing the errors would
 * print, is searched for the values.
 */

await freshEnvironment({ LOG_LEVEL: 'error', NEXT_PUBLIC_SITE_URL: 'https://inbox.test' });

// Everything printed through the console (the app's log lines, better-auth's logger), as printed.
const output: string[] = [];
for (const method of ['log', 'info', 'warn', 'error'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    output.push(format(...args));
    original(...args);
  };
}

afterAll(() => closeDatabase());

const EMAIL = 'keeper@agency.example';
const PASSWORD = 'a long enough password';

/**
 * What Next does with an error a page throws: console.error, causes and own properties included.
 */
function printed(error: unknown): string {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  new Console({ stdout: sink, stderr: sink }).error(error);
  return `${text}\n${describeError(error)}`;
}

async function signedInCookie(): Promise<{ cookie: string; token: string }> {
  expect(
    await runCommand(
      ['add-operator', EMAIL],
      { out: async () => undefined, err: async () => undefined },
      { password: PASSWORD },
    ),
  ).toBe(0);
  const outcome = await signIn(EMAIL, PASSWORD, new Headers({ 'x-forwarded-for': '192.0.2.1' }));
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.flash.code}`);
  const line = outcome.cookies.find((each) => each.includes('session_token='))!;
  const cookie = line.split(';')[0]!;
  const token = decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0]!;
  return { cookie, token };
}

describe('a failed statement', () => {
  it('in a session lookup: the error and the log hold the code and the statement, never the session token', async () => {
    const { cookie, token } = await signedInCookie();
    expect(token.length).toBeGreaterThan(16);
    expect(await currentOperator(new Headers({ cookie }))).not.toBeNull();
    const { db } = await getDatabase();
    await db.execute(sql`ALTER TABLE operator_sessions RENAME TO operator_sessions_away`);
    const error = await currentOperator(new Headers({ cookie })).catch((caught: unknown) => caught);
    await db.execute(sql`ALTER TABLE operator_sessions_away RENAME TO operator_sessions`);
    // better-auth answers with its own error and logs ours.
    expect(error).toBeInstanceOf(Error);
    const text = printed(error);
    expect(text).toMatch(/42P01/);
    expect(text).not.toContain(token);
    expect(output.join('')).toContain('db.query_failed');
    expect(output.join('')).not.toContain(token);
  });

  it('refused by PostgreSQL for a value it was given: neither the value nor the search term beside it', async () => {
    const term = 'wren-search-term';
    const error = await searchLeads(
      { q: term, from: new Date('0000-01-01T00:00:00Z') },
      { pageSize: 50 },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'DatabaseQueryError', cause: { code: '22008' } });
    const text = printed(error);
    expect(text).toMatch(/date\/time field value out of range/);
    expect(text).not.toContain(term);
    expect(text).not.toContain('0000-01-01');
    expect(output.join('')).not.toContain(term);
  });

  it('on a unique key: the constraint named, the row that holds the key not shown', async () => {
    const { db } = await getDatabase();
    const error = await db
      .insert(operators)
      .values({ id: 'second-keeper', name: 'x', email: EMAIL })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'DatabaseQueryError',
      cause: { code: '23505', constraint: 'operators_email_unique' },
    });
    const text = printed(error);
    expect(text).not.toContain(EMAIL);
    expect(output.join('')).not.toContain(EMAIL);
  });

  it.skipIf(postgresUrl)(
    "when the embedded database's thread dies under it: the waiting statements' values stay in too",
    async () => {
      const token = 'finch-token-value-0123456789';
      const database = await getDatabase();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await held;
        })
        .catch(() => undefined);
      // Waits behind the transaction, so it is in flight when the thread goes.
      const waiting = database.db
        .select()
        .from(operators)
        .where(sql`${operators.email} = ${token}`)
        .catch((caught: unknown) => caught);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await (
        database.db as unknown as { $client: { worker: { terminate(): Promise<number> } } }
      ).$client.worker.terminate();
      release();
      await transaction;
      const error = await waiting;
      expect(error).toMatchObject({ name: 'DatabaseQueryError' });
      expect(printed(error)).toMatch(/thread stopped/);
      expect(printed(error)).not.toContain(token);
      expect(output.join('')).not.toContain(token);
      // The next request opens the database again.
      expect((await getDatabase()).db).not.toBe(database.db);
    },
  );
});
