import 'server-only';
import { createHash } from 'node:crypto';

/**
 * A browser without JavaScript cannot disable a form's button while it posts, so a double click
 * sends the same lead twice. A post the same as one from the same visitor within this window is
 * that lead: it gets the first one's answer and is not stored again. Held per process: two posts
 * that land on two instances are both kept, a duplicate rather than a loss.
 */
export const REPEAT_WINDOW_MS = 10_000;
const MAX_HELD = 10_000;

const held = new Map<string, { at: number; outcome: Promise<unknown> }>();

/** Which visitor sent which form with which values (sorted, so their order does not count). */
export function repeatKey(form: string, visitor: string, fields: Record<string, unknown>): string {
  const values = Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify([form, visitor, values]))
    .digest('base64url');
}

/**
 * `store()`'s outcome, or that of the same key's call within the window (waited for while it is
 * still on its way). One that fails is forgotten, so the next post stores the lead itself.
 */
export function onceWithin<T>(key: string, now: number, store: () => Promise<T>): Promise<T> {
  for (const [oldest, { at }] of held) {
    if (now - at < REPEAT_WINDOW_MS && held.size < MAX_HELD) break;
    held.delete(oldest);
  }
  const first = held.get(key);
  if (first) return first.outcome as Promise<T>;
  const outcome = store();
  held.set(key, { at: now, outcome });
  outcome.catch(() => {
    if (held.get(key)?.outcome === outcome) held.delete(key);
  });
  return outcome;
}
