import 'server-only';
import { env } from '@/env';

/**
 * Structured logs: one JSON object per line on stdout (errors on stderr).
 * Callers pass ids, statuses and durations, never personal data (no names,
 * emails, phones, messages or raw IP addresses).
 */

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (levels[level] < levels[env.LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

/** An error's name and message (and its cause's code, e.g. ECONNREFUSED), never a stack with data. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  return `${error.name}: ${error.message}${detail ? ` (${detail})` : ''}`.slice(0, 300);
}
