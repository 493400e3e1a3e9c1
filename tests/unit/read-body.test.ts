import { describe, expect, it } from 'vitest';
import { readBody } from '@/server/http/read-body';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/api/x', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);

describe('readBody', () => {
  it('reads a body within its bounds', async () => {
    const read = await readBody(post('{"a":1}'), 100);
    expect(read.ok && new TextDecoder().decode(read.bytes)).toBe('{"a":1}');
  });

  it('refuses a declared length over the limit before reading, and stops an undeclared one at the limit', async () => {
    expect(await readBody(post('x'.repeat(10), { 'content-length': '5000' }), 100)).toEqual({
      ok: false,
      reason: 'too_large',
    });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readBody(post(endless), 4096)).toEqual({ ok: false, reason: 'too_large' });
    expect(pulled).toBeLessThan(16 * 1024);
  });

  it('gives up on a body that trickles in past the deadline', async () => {
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        controller.enqueue(new Uint8Array(1));
      },
    });
    const started = Date.now();
    expect(await readBody(post(slow), 1_000_000, 150)).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers at the deadline even when the stalled stream cannot be cancelled until its connection closes', async () => {
    // Next.js's request body behaves like this on a socket that stopped sending: cancel() settles
    // only on close.
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":1'));
      },
      pull: () => new Promise<void>(() => undefined),
      cancel: () => {
        cancelled = true;
        return new Promise<void>(() => undefined);
      },
    });
    const started = Date.now();
    const outcome = await Promise.race([
      readBody(post(stalled), 1_000_000, 150),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
    ]);
    expect(outcome).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(cancelled).toBe(true);
  });
});
