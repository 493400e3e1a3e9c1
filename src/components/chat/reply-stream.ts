// Reads a streamed reply from POST /api/chat (format: docs/api.md); `onText` gets the whole text so
// far after each piece. A body that ends without an end or error line was cut off.

export const STREAM_TYPE = 'application/x-ndjson';

export type StreamOutcome = {
  text: string;
  ended: boolean;
  truncated: boolean;
  error: 'timeout' | 'upstream' | null;
};

export async function readReplyStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<StreamOutcome> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const outcome: StreamOutcome = { text: '', ended: false, truncated: false, error: null };
  let pending = '';
  const handle = (line: string) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    const { type, content, error, truncated } = (value ?? {}) as {
      type?: unknown;
      content?: unknown;
      error?: unknown;
      truncated?: unknown;
    };
    if (type === 'item' && typeof content === 'string' && content !== '') {
      outcome.text += content;
      onText(outcome.text);
    } else if (type === 'end') {
      outcome.ended = true;
      outcome.truncated = truncated === true;
    } else if (type === 'error') {
      outcome.error = error === 'timeout' ? 'timeout' : 'upstream';
    }
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.trim()) handle(line);
    }
    pending += decoder.decode();
    if (pending.trim()) handle(pending);
  } catch {
    // The connection dropped mid-reply: what arrived stands, and it did not end.
  }
  if (!outcome.ended && !outcome.error) outcome.error = 'upstream';
  return outcome;
}
