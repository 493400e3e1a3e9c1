import 'server-only';
import { log } from '@/server/log';
import { streamFailure, type ReplyStream, type ReplyStreamEnd } from './read-reply';
import { recordChatStreamFailure } from './webhook-health';

/**
 * The streamed reply from POST /api/chat to the panel (docs/api.md): 200
 * application/x-ndjson, one JSON object per line, each written as soon as its
 * text arrives from the webhook:
 *
 *   {"type":"item","content":"Hello"}      the reply's next piece of text (append it)
 *   {"type":"end"}                         complete; "truncated":true when cut at MAX_OUTPUT_CHARS
 *   {"type":"error","error":"timeout"}     the reply stopped ("timeout" or "upstream"): what arrived stands
 *
 * A body that ends without an end or error line was cut off (the connection dropped). The
 * status is decided before the first line (read-reply.ts), so a 502 never follows a 200.
 */

const NDJSON = 'application/x-ndjson';

/** A client that reads the stream says so in Accept; every other client gets one JSON body. */
export function wantsStream(headers: Headers): boolean {
  return (headers.get('accept') ?? '').toLowerCase().includes(NDJSON);
}

const encoder = new TextEncoder();
const line = (value: Record<string, unknown>) => encoder.encode(`${JSON.stringify(value)}\n`);

export function ndjsonResponse(stream: ReplyStream): Response {
  const started = performance.now();
  let chars = stream.first.length;
  const finish = (end: ReplyStreamEnd | 'cancelled') => {
    const outcome =
      end === 'cancelled'
        ? 'cancelled'
        : end.ok
          ? end.truncated
            ? 'truncated'
            : 'complete'
          : end.reason;
    if (end !== 'cancelled' && !end.ok) recordChatStreamFailure(streamFailure(end.reason));
    log(end === 'cancelled' || end.ok ? 'info' : 'warn', 'chat.stream_end', {
      outcome,
      output_chars: chars,
      duration_ms: Math.round(performance.now() - started),
    });
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(line({ type: 'item', content: stream.first }));
      },
      // Pulled only when the visitor's connection takes more: the webhook is read at the visitor's pace.
      async pull(controller) {
        let end: ReplyStreamEnd;
        try {
          const step = await stream.rest.next();
          if (!step.done) {
            chars += step.value.length;
            controller.enqueue(line({ type: 'item', content: step.value }));
            return;
          }
          end = step.value;
        } catch {
          stream.cancel();
          end = { ok: false, reason: 'dropped' };
        }
        controller.enqueue(
          line(
            end.ok
              ? { type: 'end', ...(end.truncated ? { truncated: true } : {}) }
              : { type: 'error', error: end.reason === 'timeout' ? 'timeout' : 'upstream' },
          ),
        );
        controller.close();
        finish(end);
      },
      cancel() {
        stream.cancel();
        finish('cancelled');
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': `${NDJSON}; charset=utf-8`,
      'Cache-Control': 'no-store',
      // Proxies such as nginx buffer responses unless told not to; this one is read as it arrives.
      'X-Accel-Buffering': 'no',
    },
  });
}
