import 'server-only';

/**
 * Reads a request body of at most `limit` bytes (refused mid-stream too) within `timeoutMs`, so a
 * trickling client (slowloris) is cut off instead of holding the request for the server's own
 * 5 minutes. The stream is cancelled without waiting: on a stalled connection cancelling settles
 * only when the socket closes, which would hold the answer back for minutes.
 */

const BODY_TIMEOUT_MS = 10_000;

export type BodyRead =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  | { ok: false; reason: 'too_large' | 'timeout' | 'unreadable' };

export async function readBody(
  request: Request,
  limit: number,
  timeoutMs = BODY_TIMEOUT_MS,
): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit)
    return { ok: false, reason: 'too_large' };
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'timeout') {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'timeout' };
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(next.value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
