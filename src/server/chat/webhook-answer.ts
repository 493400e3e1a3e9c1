import 'server-only';

/**
 * What the chat webhook's whole answer means for the visitor (docs/product.md section 8.4):
 * - none configured, 404, a 2xx that is not JSON, unreachable, timed out: the demo assistant (the
 *   automation is absent, not broken);
 * - a 2xx JSON answer with a string `output` (or n8n's [{ output }]): that reply;
 * - an empty 2xx body, [] or n8n's 500 'No item to return was found': 'empty_reply', an error of
 *   its own, since the fix is in the workflow;
 * - anything else: an error the widget shows with a retry (502).
 */

export type TransportResult =
  | { ok: true; status: number; contentType: string | null; body: string }
  | { ok: false; failure: 'timeout' | 'unreachable' | 'too_large' | 'invalid_url' };

export type DemoReason = 'not_configured' | 'not_found' | 'not_json' | 'unreachable' | 'timeout';

export type ChatAnswer =
  | { kind: 'reply'; output: string }
  | { kind: 'demo'; reason: DemoReason }
  | { kind: 'error'; reason: string };

/** Replies longer than this are cut (a runaway automation must not flood the widget). */
export const MAX_OUTPUT_CHARS = 8_000;

export function isJsonContentType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function outputOf(value: unknown): unknown {
  const item: unknown = Array.isArray(value) ? value[0] : value;
  return item !== null && typeof item === 'object'
    ? (item as Record<string, unknown>).output
    : undefined;
}

export function interpretWebhookResult(result: TransportResult | null): ChatAnswer {
  if (result === null) return { kind: 'demo', reason: 'not_configured' };
  if (!result.ok) {
    if (result.failure === 'timeout') return { kind: 'demo', reason: 'timeout' };
    if (result.failure === 'unreachable') return { kind: 'demo', reason: 'unreachable' };
    return { kind: 'error', reason: result.failure };
  }
  const { status, contentType, body } = result;
  if (status === 404) return { kind: 'demo', reason: 'not_found' };
  if (status === 500 && /No item to return (was|got) found/.test(body))
    return { kind: 'error', reason: 'empty_reply' };
  if (status < 200 || status >= 300) return { kind: 'error', reason: `http_${status}` };
  if (body.trim() === '') return { kind: 'error', reason: 'empty_reply' };
  if (!isJsonContentType(contentType)) return { kind: 'demo', reason: 'not_json' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'error', reason: 'invalid_json' };
  }
  if (Array.isArray(parsed) && parsed.length === 0) return { kind: 'error', reason: 'empty_reply' };
  const output = outputOf(parsed);
  if (typeof output !== 'string' || output.trim() === '')
    return { kind: 'error', reason: 'no_output' };
  return { kind: 'reply', output: capOutput(output) };
}

/** A reply longer than MAX_OUTPUT_CHARS, cut with an ellipsis. */
function capOutput(output: string): string {
  return output.length > MAX_OUTPUT_CHARS ? `${output.slice(0, MAX_OUTPUT_CHARS)}…` : output;
}
