import 'server-only';
import { log } from '@/server/log';
import { processGlobals } from '@/server/process';

/**
 * A misconfigured delivery path (a wrong SMTP password, a chat URL that refuses) warns once per
 * process, not per job; again only after it has worked or fails another way.
 */

const state = processGlobals;
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
