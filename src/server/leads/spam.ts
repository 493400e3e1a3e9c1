import 'server-only';
import { HONEYPOT_FIELD, MIN_FILL_MS, STARTED_AT_FIELD } from '@/lib/lead-forms';

export type SpamVerdict = { spam: false } | { spam: true; reason: 'honeypot' | 'too_fast' };

/**
 * Bot checks on the raw body. A spam lead is answered exactly like a real one
 * (so bots learn nothing), stored with status 'spam' and never delivered.
 *
 * - honeypot: the hidden field has any non-blank value.
 * - too_fast: form_started_at (ms epoch, set by the browser when the form
 *   appeared) is less than MIN_FILL_MS before now. An empty or unparseable value
 *   (JavaScript off, an old page) and a time in the future (the visitor's clock
 *   runs ahead of ours) are not evidence of a bot: losing a real lead to clock
 *   skew would be worse than letting one naive bot through.
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
