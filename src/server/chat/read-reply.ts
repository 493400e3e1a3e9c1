import 'server-only';
import type { StreamedPost, StreamEvent } from '@/server/http/post-json';
import {
  interpretWebhookResult,
  isJsonContentType,
  MAX_OUTPUT_CHARS,
  type ChatAnswer,
} from './webhook-answer';

/**
 * Reads the chat webhook's answer as it arrives and decides what it is before anything reaches the
 * visitor, so a refusal (502) never follows a 200. n8n's Streaming response mode (one JSON object
 * per line: begin, item..., end per streaming node; error when the workflow fails; keepalive) is
 * read until its first text, then handed over as a stream, whose failures are part of it
 * (ReplyStreamEnd). Any other answer is read whole and judged by interpretWebhookResult.
 */

/** A whole (non-streamed) answer is read up to this size; a bigger one is refused. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
/** A streamed answer: no line may be longer, and no more than this much may arrive in all. */
export const MAX_STREAM_LINE_BYTES = 64 * 1024;
export const MAX_STREAM_BYTES = 4 * 1024 * 1024;

export type ReplyStreamEnd =
  | { ok: true; truncated: boolean }
  | { ok: false; reason: 'timeout' | 'dropped' | 'stream_error' | 'too_large' };

/** The code of a failure after the reply began (health, logs): stream_timeout, stream_error... */
export function streamFailure(reason: Extract<ReplyStreamEnd, { ok: false }>['reason']): string {
  return reason === 'stream_error' ? reason : `stream_${reason}`;
}

export type ReplyStream = {
  /** The first text, already read: the status can be 200 because there is something to show. */
  first: string;
  /** The rest of the text as it arrives; at most MAX_OUTPUT_CHARS in all, with the first. */
  rest: AsyncGenerator<string, ReplyStreamEnd>;
  /** Stops reading (the visitor left). */
  cancel(): void;
};

export type WebhookReply = {
  answer: ChatAnswer | ({ kind: 'stream' } & ReplyStream);
  /** The webhook's HTTP status, when it answered. */
  httpStatus: number | null;
  /** Why it failed, for the operator's log: never a URL or what was said. */
  cause: string | null;
};

const STREAM_TYPES = new Set(['begin', 'item', 'end', 'error', 'keepalive']);

type StreamChunk = { type: string; content: string; source: string };

/** One line of n8n's streaming format, or null when the line is something else. */
function parseStreamLine(line: string): StreamChunk | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { type, content, metadata } = value as {
    type?: unknown;
    content?: unknown;
    metadata?: { nodeId?: unknown; runIndex?: unknown };
  };
  if (typeof type !== 'string' || !STREAM_TYPES.has(type)) return null;
  return {
    type,
    content: typeof content === 'string' ? content : '',
    source: `${String(metadata?.nodeId ?? '')}:${String(metadata?.runIndex ?? '')}`,
  };
}

/** Splits decoded text into lines; the unfinished last one waits for more. */
class Lines {
  private rest = '';
  private readonly decoder = new TextDecoder();

  push(chunk: Buffer): string[] {
    this.rest += this.decoder.decode(chunk, { stream: true });
    const lines = this.rest.split('\n');
    this.rest = lines.pop()!;
    return lines;
  }

  finish(): string[] {
    const last = this.rest + this.decoder.decode();
    this.rest = '';
    return last.trim() ? [last] : [];
  }

  get pendingLength(): number {
    return this.rest.length;
  }
}

function failureAnswer(event: Extract<StreamEvent, { type: 'failure' }>): ChatAnswer {
  if (event.failure === 'timeout') return { kind: 'demo', reason: 'timeout' };
  if (event.failure === 'invalid_url') return { kind: 'error', reason: 'invalid_url' };
  return { kind: 'demo', reason: 'unreachable' };
}

const causeOf = (event: Extract<StreamEvent, { type: 'failure' }>) =>
  `${event.failure}: ${event.error}`;

/** A stream's text across streaming nodes: a second node's reply starts a new paragraph. */
class StreamText {
  private source: string | null = null;

  text(chunk: StreamChunk): string | null {
    if (chunk.type !== 'item' || chunk.content === '') return null;
    const separator = this.source !== null && this.source !== chunk.source ? '\n\n' : '';
    this.source = chunk.source;
    return separator + chunk.content;
  }
}

export async function readWebhookReply(post: StreamedPost): Promise<WebhookReply> {
  const opened = await post.next();
  if (opened.type === 'failure')
    return { answer: failureAnswer(opened), httpStatus: null, cause: causeOf(opened) };
  if (opened.type !== 'response')
    return {
      answer: { kind: 'error', reason: 'no_response' },
      httpStatus: null,
      cause: 'no response',
    };
  const { status, contentType } = opened;
  // n8n's answer to an unknown or unpublished webhook: nothing in its body changes what it means.
  if (status === 404) {
    post.cancel();
    return {
      answer: { kind: 'demo', reason: 'not_found' },
      httpStatus: status,
      cause: 'not_found',
    };
  }
  const whole = (body: string): WebhookReply => {
    const answer = interpretWebhookResult({ ok: true, status, contentType, body });
    return { answer, httpStatus: status, cause: answer.kind === 'reply' ? null : answer.reason };
  };

  // Only a 2xx JSON answer can be a stream; anything else is read whole.
  let mode: 'unknown' | 'whole' | 'stream' =
    status >= 200 && status < 300 && isJsonContentType(contentType) ? 'unknown' : 'whole';
  const lines = new Lines();
  const joiner = new StreamText();
  let raw = '';
  let bytes = 0;
  const found: string[] = [];

  for (;;) {
    const event = await post.next();
    if (event.type === 'failure') {
      post.cancel();
      return { answer: failureAnswer(event), httpStatus: status, cause: causeOf(event) };
    }
    if (event.type === 'response') continue;
    const done = event.type === 'end';
    if (event.type === 'data') {
      bytes += event.chunk.length;
      if (bytes > (mode === 'stream' ? MAX_STREAM_BYTES : MAX_RESPONSE_BYTES)) {
        post.cancel();
        return {
          answer: { kind: 'error', reason: 'too_large' },
          httpStatus: status,
          cause: 'too_large',
        };
      }
      // Kept until the body proves a stream; a whole body is decoded as UTF-8 once complete.
      if (mode !== 'stream') raw += event.chunk.toString('latin1');
      if (mode === 'whole') continue;
    }
    if (mode === 'whole') {
      if (done) return whole(Buffer.from(raw, 'latin1').toString('utf8'));
      continue;
    }
    const complete = event.type === 'data' ? lines.push(event.chunk) : lines.finish();
    let failed = false;
    for (const line of complete) {
      if (line.trim() === '') continue;
      const chunk = parseStreamLine(line.trim());
      if (mode === 'unknown') mode = chunk ? 'stream' : 'whole';
      if (mode === 'whole') break;
      if (!chunk) continue;
      if (chunk.type === 'error') {
        post.cancel();
        // Text that came in the same read as the failure is shown, then the failure, as it would
        // be had they arrived apart.
        if (found.length > 0) {
          failed = true;
          break;
        }
        return {
          answer: { kind: 'error', reason: 'stream_error' },
          httpStatus: status,
          cause: 'stream_error: the workflow failed before it said anything',
        };
      }
      const text = joiner.text(chunk);
      if (text !== null) found.push(text);
    }
    if (mode === 'whole') {
      if (done) return whole(Buffer.from(raw, 'latin1').toString('utf8'));
      continue;
    }
    if (found.length > 0) {
      const end: ReplyStreamEnd | null = failed
        ? { ok: false, reason: 'stream_error' }
        : done
          ? { ok: true, truncated: false }
          : null;
      return {
        answer: {
          kind: 'stream',
          ...continueStream(post, lines, joiner, found.join(''), bytes, end),
        },
        httpStatus: status,
        cause: null,
      };
    }
    if (done) {
      // A stream that ended without text, or a body that was not a stream after all.
      if (mode === 'stream')
        return {
          answer: { kind: 'error', reason: 'empty_reply' },
          httpStatus: status,
          cause: 'empty_reply',
        };
      return whole(Buffer.from(raw, 'latin1').toString('utf8'));
    }
    // No stream line is this long: before the first line, it is a whole body, read to its limit.
    if (lines.pendingLength > MAX_STREAM_LINE_BYTES && mode === 'unknown') mode = 'whole';
    else if (lines.pendingLength > MAX_STREAM_LINE_BYTES) {
      post.cancel();
      return {
        answer: { kind: 'error', reason: 'too_large' },
        httpStatus: status,
        cause: 'too_large',
      };
    }
  }
}

/**
 * The stream after its first text: the remaining pieces, cut at MAX_OUTPUT_CHARS with '…'. `ended`
 * is how it ended when that came in the same read as the first text.
 */
function continueStream(
  post: StreamedPost,
  lines: Lines,
  joiner: StreamText,
  first: string,
  bytesSoFar: number,
  ended: ReplyStreamEnd | null,
): ReplyStream {
  let shown = Math.min(first.length, MAX_OUTPUT_CHARS);
  const firstShown =
    first.length > MAX_OUTPUT_CHARS ? `${first.slice(0, MAX_OUTPUT_CHARS)}…` : first;
  let bytes = bytesSoFar;

  async function* rest(): AsyncGenerator<string, ReplyStreamEnd> {
    if (first.length > MAX_OUTPUT_CHARS) {
      post.cancel();
      return { ok: true, truncated: true };
    }
    if (ended) return ended;
    for (;;) {
      const event = await post.next();
      if (event.type === 'failure') {
        post.cancel();
        return { ok: false, reason: event.failure === 'timeout' ? 'timeout' : 'dropped' };
      }
      if (event.type === 'response') continue;
      if (event.type === 'data') {
        bytes += event.chunk.length;
        if (bytes > MAX_STREAM_BYTES) {
          post.cancel();
          return { ok: false, reason: 'too_large' };
        }
      }
      const complete = event.type === 'data' ? lines.push(event.chunk) : lines.finish();
      for (const line of complete) {
        const chunk = line.trim() ? parseStreamLine(line.trim()) : null;
        if (!chunk) continue;
        if (chunk.type === 'error') {
          post.cancel();
          return { ok: false, reason: 'stream_error' };
        }
        const text = joiner.text(chunk);
        if (text === null) continue;
        if (shown + text.length > MAX_OUTPUT_CHARS) {
          yield `${text.slice(0, MAX_OUTPUT_CHARS - shown)}…`;
          post.cancel();
          return { ok: true, truncated: true };
        }
        shown += text.length;
        yield text;
      }
      if (event.type === 'end') return { ok: true, truncated: false };
      if (lines.pendingLength > MAX_STREAM_LINE_BYTES) {
        post.cancel();
        return { ok: false, reason: 'too_large' };
      }
    }
  }

  return { first: firstShown, rest: rest(), cancel: () => post.cancel() };
}
