import 'server-only';
import { env } from '@/env';

/**
 * One JSON object per line on stdout (errors on stderr). Callers pass ids, statuses and durations,
 * never personal data (names, emails, phones, messages, raw IP addresses).
 */

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (levels[level] < levels[env.LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

/**
 * An error's name and message, then up to three causes', never a stack. The causes explain a 503,
 * so the outer message is shortened first. A failed query's parameters, what visitors typed, go.
 */
export function describeError(error: unknown): string {
  const chain: string[] = [];
  for (
    let current: unknown = error;
    current !== undefined && current !== null && chain.length < 4;
  ) {
    if (!(current instanceof Error)) {
      chain.push(String(current).slice(0, 300));
      break;
    }
    const code = (current as { code?: unknown }).code;
    const message = current.message.replace(/\nparams: [\s\S]*$/, '');
    const codeMark = typeof code === 'string' && !message.includes(code) ? ` [${code}]` : '';
    chain.push(`${current.name}${codeMark}: ${message}`);
    current = current.cause;
  }
  const [outer = '', ...causes] = chain;
  const causeText = causes.map((cause) => ` <- ${cause.slice(0, 300)}`).join('');
  return `${outer.slice(0, Math.max(120, 300 - causeText.length))}${causeText}`;
}
