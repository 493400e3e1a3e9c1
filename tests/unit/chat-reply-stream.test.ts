import { describe, expect, it } from 'vitest';
import { readReplyStream } from '@/components/chat/reply-stream';

/** A body that arrives in the given pieces (bytes may split lines and characters anywhere). */
function body(
  pieces: Array<string | Uint8Array>,
  { fail = false } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces)
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

describe('readReplyStream', () => {
  it('shows the text growing, piece by piece, until end', async () => {
    const seen: string[] = [];
    const outcome = await readReplyStream(
      body([
        '{"type":"item","content":"Hel"}\n{"type":"item","content":"lo"}\n',
        '{"type":"end"}\n',
      ]),
      (text) => seen.push(text),
    );
    expect(seen).toEqual(['Hel', 'Hello']);
    expect(outcome).toEqual({ text: 'Hello', ended: true, truncated: false, error: null });
  });

  it('joins lines and characters split across chunks', async () => {
    const bytes = new TextEncoder().encode(
      '{"type":"item","content":"Crème"}\n{"type":"end","truncated":true}\n',
    );
    const outcome = await readReplyStream(
      body([bytes.slice(0, 29), bytes.slice(29, 40), bytes.slice(40)]),
      () => undefined,
    );
    expect(outcome).toEqual({ text: 'Crème', ended: true, truncated: true, error: null });
  });

  it('reports an error line, keeping the text that arrived', async () => {
    expect(
      await readReplyStream(
        body(['{"type":"item","content":"Part"}\n{"type":"error","error":"timeout"}\n']),
        () => undefined,
      ),
    ).toEqual({
      text: 'Part',
      ended: false,
      truncated: false,
      error: 'timeout',
    });
  });

  it('treats a body that stops without end, or a dropped connection, as cut off', async () => {
    expect(
      (await readReplyStream(body(['{"type":"item","content":"Part"}\n']), () => undefined)).error,
    ).toBe('upstream');
    expect(
      await readReplyStream(
        body(['{"type":"item","content":"Pa'], { fail: true }),
        () => undefined,
      ),
    ).toMatchObject({ text: '', error: 'upstream' });
  });
});
