import 'server-only';
import { log } from '@/server/log';
import { streamFailure, type ReplyStream, type ReplyStreamEnd } from './read-reply';
import { recordChatStreamFailure } from './webhook-health';

/**
 * The streamed reply from POST /api/chat to the panel: application/x-ndjson, each line written as
 * soon as its text arrives (the format is in docs/api.md).
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
      // Pulled only when the visitor's connection takes more: the webhook is read at their pace.
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
