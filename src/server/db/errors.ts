import 'server-only';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/**
 * What a failed statement may say once it leaves src/server/db/: never the values it was given.
 * drizzle's error repeats every parameter, PostgreSQL's quotes the offending value and the
 * conflicting row ('Key (email)=(ana@...)'), and Next prints a page's error to stderr whole, so a
 * session token or a search term would reach the logs. A failed statement is reported once and
 * rethrown as a DatabaseQueryError: code, names, message with quoted values cut, no literals.
 */

/** PostgreSQL's error fields that name things, never values. */
const NAMING_FIELDS = [
  'code',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
] as const;

type NamingFields = Partial<Record<(typeof NAMING_FIELDS)[number], string>>;

/** PostgreSQL puts a rejected value after a colon, in double quotes: that part goes. */
function withoutValues(message: string): string {
  return message.replace(/: "(?:[^"]|"")*"/g, ': "…"').replace(/=\(.*\)/g, '=(…)');
}

/** A statement's text without string literals (drizzle binds values; sql.raw could inline one). */
function statementShape(statement: string): string {
  return statement.replace(/'(?:[^']|'')*'/g, "'…'").slice(0, 500);
}

/** The database's refusal of a statement as it may be logged: names and a code, no values. */
export class DatabaseQueryError extends Error {
  override name = 'DatabaseQueryError';
  declare code?: string;
  declare constraint?: string;
  declare table?: string;
  declare column?: string;

  constructor(message: string, fields: NamingFields = {}, options?: { cause?: unknown }) {
    super(message, options);
    for (const key of NAMING_FIELDS) {
      const value = fields[key];
      if (typeof value === 'string') Object.assign(this, { [key]: value });
    }
  }
}

/**
 * A driver's error (or the embedded thread's, as plain fields) as it may leave this folder. Errors
 * not from PostgreSQL (a refused connection, a stopped thread) hold no values and stay as they are.
 */
export function safeDatabaseError(error: unknown): Error {
  if (error instanceof DatabaseQueryError) return error;
  if (error === null || typeof error !== 'object') return new Error(String(error));
  const fields = error as Record<string, unknown>;
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  const isPostgres = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code);
  if (!isPostgres && error instanceof Error && !('params' in error) && !('detail' in error))
    return error;
  return new DatabaseQueryError(withoutValues(message), fields as NamingFields);
}

let installed = false;

/**
 * Makes every drizzle statement of this process fail with a DatabaseQueryError, reported once to
 * `report` (every PostgreSQL driver's prepared query inherits this one method).
 */
export function installQueryErrorGuard(report: (error: DatabaseQueryError) => void): void {
  if (installed) return;
  installed = true;
  type QueryWithCache = (statement: string, params: unknown[], run: () => unknown) => unknown;
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
  const original = prototype.queryWithCache;
  prototype.queryWithCache = async function (this: unknown, statement, params, run) {
    try {
      return await original.call(this, statement, params, run);
    } catch (error) {
      const cause = safeDatabaseError(error instanceof DrizzleQueryError ? error.cause : error);
      const failed = new DatabaseQueryError(
        `Failed query: ${statementShape(statement)}`,
        cause as NamingFields,
        { cause },
      );
      report(failed);
      throw failed;
    }
  };
}
