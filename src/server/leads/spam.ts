import 'server-only';
import { HONEYPOT_FIELD, MIN_FILL_MS, STARTED_AT_FIELD } from '@/lib/lead-forms';

export type SpamVerdict = { spam: false } | { spam: true; reason: 'honeypot' | 'too_fast' };

/**
 * Bot checks on the raw body (docs/product.md section 6.6): a filled honeypot, or a form sent less
 * than MIN_FILL_MS after it appeared. A missing start time (no JavaScript) or one in the future (a
 * clock ahead of ours) is no evidence: losing a real lead to clock skew is worse than one bot.
 */
export function detectSpam(body: Record<string, unknown>, now: number): SpamVerdict {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '')
    return { spam: true, reason: 'honeypot' };

  const raw = body[STARTED_AT_FIELD];
  const startedAt =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\s*\d{1,16}\s*$/.test(raw)
        ? Number(raw)
        : NaN;
  if (Number.isFinite(startedAt)) {
    const elapsed = now - startedAt;
    if (elapsed >= 0 && elapsed < MIN_FILL_MS) return { spam: true, reason: 'too_fast' };
  }
  return { spam: false };
}
