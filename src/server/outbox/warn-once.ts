import 'server-only';
import { log } from '@/server/log';

/**
 * A delivery path that is misconfigured (a wrong SMTP password, a chat URL that refuses) is logged
 * at warn once per process, not once per job: the next warning about that path comes only after it
 * has worked again, or fails in another way. Health shows it meanwhile.
 */

const state = globalThis as typeof globalThis & { __outboxWarned?: Map<string, string> };
const warned = (state.__outboxWarned ??= new Map());

export function warnOnce(
  path: string,
  kind: string,
  event: string,
  fields: Record<string, unknown>,
) {
  if (warned.get(path) === kind) return;
  warned.set(path, kind);
  log('warn', event, { path, kind, ...fields });
}

export function pathWorked(path: string): void {
  warned.delete(path);
}
