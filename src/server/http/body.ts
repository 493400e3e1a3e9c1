import 'server-only';
import iconv from 'iconv-lite';
import { readBody } from './read-body';
import { refuse, type Refusal } from './endpoint';

/**
 * Reads a POST body into a flat object within read-body.ts's bounds: JSON, and for endpoints that
 * take plain HTML forms also urlencoded and multipart.
 */

export type ParsedBody = { kind: 'json' | 'form'; body: Record<string, unknown> };

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The q-value the Accept header gives a media type (most specific matching range wins). */
function acceptQuality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? '1',
    );
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity > best.specificity) best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/** A plain form post from a browser without JavaScript: answer with a 303 to a page, not JSON. */
export function wantsHtmlRedirect(headers: Headers): boolean {
  const type = mediaType(headers.get('content-type'));
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return false;
  const accept = headers.get('accept') ?? '';
  return acceptQuality(accept, 'text/html') > acceptQuality(accept, 'application/json');
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** PostgreSQL text and jsonb cannot store NUL and no person types it, so it is removed. */
export const withoutNul = (value: string) => value.replaceAll('\u0000', '');

function withoutNuls(body: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(body))
    if (typeof value === 'string') body[key] = withoutNul(value);
  return body;
}

/** First value per name; a file upload becomes a non-string marker, which validation rejects. */
function fromEntries(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (name in body || name === '__proto__') continue;
    body[name] = typeof value === 'string' ? value : { file: true };
  }
  return body;
}

type Decode = (bytes: Uint8Array) => string;

/**
 * How to read the bytes in the charset a Content-Type declares: 'utf-8' when none (and for UTF-16,
 * as HTML forms do), null for a label the Encoding Standard does not name. Legacy charsets go through
 * iconv-lite: Node's own decoder reads windows-1252 (what a post declaring ISO-8859-1 means) as
 * Latin-1, so the euro sign and curly quotes would come out as control characters.
 */
function declaredCharset(contentType: string | null): 'utf-8' | Decode | null {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
  let standard: TextDecoder;
  try {
    standard = new TextDecoder(label);
  } catch {
    return null;
  }
  const { encoding } = standard;
  if (encoding === 'utf-8' || encoding.startsWith('utf-16')) return 'utf-8';
  return iconv.encodingExists(encoding)
    ? (bytes) => iconv.decode(Buffer.from(bytes), encoding)
    : (bytes) => standard.decode(bytes);
}

/**
 * A urlencoded body whose escapes stand for bytes in a legacy charset: URLSearchParams reads every
 * escape as UTF-8, which would turn a Latin-1 e-acute (%E9) into U+FFFD.
 */
function legacyUrlEncoded(bytes: Uint8Array, decode: Decode): [string, string][] {
  const text = (part: string) => {
    const out: number[] = [];
    for (let i = 0; i < part.length; i++) {
      const hex = part[i] === '%' ? part.slice(i + 1, i + 3) : '';
      if (/^[0-9a-f]{2}$/i.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
      } else out.push(part[i] === '+' ? 0x20 : part.charCodeAt(i));
    }
    return decode(Uint8Array.from(out));
  };
  // latin1 maps each byte to the character of the same code, so nothing is decoded twice.
  return Buffer.from(bytes)
    .toString('latin1')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [text(pair), ''] : [text(pair.slice(0, at)), text(pair.slice(at + 1))];
    });
}

export async function parseBody(
  request: Request,
  { limit, forms }: { limit: number; forms: boolean },
): Promise<ParsedBody | Refusal> {
  const contentType = request.headers.get('content-type');
  const type = mediaType(contentType);
  const isUrlEncoded = forms && type === 'application/x-www-form-urlencoded';
  const isMultipart = forms && type === 'multipart/form-data';
  if (!isJsonType(type) && !isUrlEncoded && !isMultipart) {
    return refuse('unsupported_media_type', {
      message: forms
        ? 'Send application/json, application/x-www-form-urlencoded or multipart/form-data.'
        : 'Send application/json.',
    });
  }

  const charset = isUrlEncoded ? declaredCharset(contentType) : null;
  if (isUrlEncoded && !charset)
    return refuse('unsupported_media_type', {
      message: 'Send the form in UTF-8, or in a charset the Encoding Standard names.',
    });

  const read = await readBody(request, limit);
  if (!read.ok) {
    if (read.reason === 'too_large')
      return refuse('too_large', { message: `The body must be at most ${limit} bytes.` });
    return read.reason === 'timeout'
      ? refuse('timeout')
      : refuse('bad_request', { message: 'The body could not be read.' });
  }

  if (isMultipart) {
    try {
      const form = await new Response(read.bytes, {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
      return { kind: 'form', body: withoutNuls(fromEntries(form.entries())) };
    } catch {
      return refuse('bad_request', { message: 'The multipart body could not be parsed.' });
    }
  }
  if (typeof charset === 'function')
    return { kind: 'form', body: withoutNuls(fromEntries(legacyUrlEncoded(read.bytes, charset))) };
  const text = new TextDecoder('utf-8').decode(read.bytes);
  if (isUrlEncoded)
    return { kind: 'form', body: withoutNuls(fromEntries(new URLSearchParams(text).entries())) };

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse('bad_request', { message: 'The body is not valid JSON.' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse('bad_request', { message: 'The body must be a JSON object.' });
  return { kind: 'json', body: withoutNuls(value as Record<string, unknown>) };
}
