import 'server-only';
import { FILL_MS_FIELD, HONEYPOT_FIELD, MIN_FILL_MS, STARTED_AT_FIELD } from '@/lib/lead-forms';

export type SpamVerdict = { spam: false } | { spam: true; reason: 'honeypot' | 'too_fast' };

/** Milliseconds from a body field (a JSON number, or digits in a form post), or NaN. */
function milliseconds(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  return typeof raw === 'string' && /^\s*\d{1,16}\s*$/.test(raw) ? Number(raw) : NaN;
}

/**
 * Bot checks on the raw body (docs/product.md section 6.6): a filled honeypot, or a form sent less
 * than MIN_FILL_MS after it appeared. The time it was shown, as the browser measured it, decides;
 * failing that (a client of the API), our clock against its start time. A missing time (no
 * JavaScript) or a start in the future (a clock ahead of ours) is no evidence: losing a real lead to
 * clock skew is worse than letting one bot through.
 */
export function detectSpam(body: Record<string, unknown>, now: number): SpamVerdict {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '')
    return { spam: true, reason: 'honeypot' };

  const shown = milliseconds(body[FILL_MS_FIELD]);
  const elapsed = Number.isFinite(shown) ? shown : now - milliseconds(body[STARTED_AT_FIELD]);
  if (elapsed >= 0 && elapsed < MIN_FILL_MS) return { spam: true, reason: 'too_fast' };
  return { spam: false };
}
