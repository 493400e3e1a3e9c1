import 'server-only';
import { readBody } from '@/server/http/read-body';

/**
 * Reads a lead POST body into a flat object, whatever the client sent:
 * application/json (an object), application/x-www-form-urlencoded or
 * multipart/form-data (a plain HTML form), within the size and time bounds of
 * read-body.ts.
 */

export const MAX_BODY_BYTES = 32 * 1024;

export type ParsedBody =
  | { ok: true; kind: 'json' | 'form'; body: Record<string, unknown> }
  | { ok: false; status: 400 | 408 | 413 | 415; error: 'bad_request' | 'timeout' | 'too_large' | 'unsupported_media_type'; message: string };

const tooLarge = (limit: number) => ({ ok: false, status: 413, error: 'too_large', message: `The body must be at most ${limit} bytes.` }) as const;
const timedOut = { ok: false, status: 408, error: 'timeout', message: 'The body took too long to arrive.' } as const;
const badRequest = (message: string) => ({ ok: false, status: 400, error: 'bad_request', message }) as const;

export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * NUL characters cannot be stored in PostgreSQL text or jsonb, and no person
 * types them: they are removed from every top-level string before validation.
 */
function withoutNul(body: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string' && value.includes('\u0000')) body[key] = value.replaceAll('\u0000', '');
  return body;
}

/** First value per name; a file upload is kept as a non-string marker so validation rejects it. */
function fromEntries(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (name in body || name === '__proto__') continue;
    body[name] = typeof value === 'string' ? value : { file: true };
  }
  return body;
}

export async function parseLeadBody(request: Request, limit = MAX_BODY_BYTES): Promise<ParsedBody> {
  const type = mediaType(request.headers.get('content-type'));
  const isJson = type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
  const isUrlEncoded = type === 'application/x-www-form-urlencoded';
  const isMultipart = type === 'multipart/form-data';
  if (!isJson && !isUrlEncoded && !isMultipart) {
    return {
      ok: false,
      status: 415,
      error: 'unsupported_media_type',
      message: 'Send application/json, application/x-www-form-urlencoded or multipart/form-data.',
    };
  }

  const read = await readBody(request, limit);
  if (!read.ok) return read.reason === 'too_large' ? tooLarge(limit) : read.reason === 'timeout' ? timedOut : badRequest('The body could not be read.');
  const { bytes } = read;

  if (isMultipart) {
    try {
      const form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
      return { ok: true, kind: 'form', body: withoutNul(fromEntries(form.entries())) };
    } catch {
      return badRequest('The multipart body could not be parsed.');
    }
  }

  const text = new TextDecoder('utf-8').decode(bytes);
  if (isUrlEncoded) {
    return { ok: true, kind: 'form', body: withoutNul(fromEntries(new URLSearchParams(text).entries())) };
  }

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return badRequest('The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return badRequest('The body must be a JSON object.');
  return { ok: true, kind: 'json', body: withoutNul(value as Record<string, unknown>) };
}
