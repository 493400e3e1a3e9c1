import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { TransportResult } from './webhook-answer';

/** The webhook's answer is read up to this size; a bigger one is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 256 * 1024;

// Idle pooled sockets close after 4 s, before the 5 s keep-alive timeout of Node-based
// webhooks such as n8n (as in src/server/outbox/post-webhook.ts).
const agentOptions = { keepAlive: true, maxSockets: 64, timeout: 4_000 };
const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

/**
 * One POST to the chat webhook and its whole answer, within `timeoutMs`
 * (connect, send, headers and body). Redirects are not followed. node:http
 * rather than fetch, as in src/server/outbox/post-webhook.ts: inside the Next
 * server fetch is wrapped by the framework. A reused keep-alive socket that
 * fails with ECONNRESET (almost always one the webhook closed while it sat idle
 * in the pool) is retried once on a fresh connection, within the same timeout.
 */
export async function postChatWebhook(url: string, body: string, timeoutMs: number): Promise<TransportResult> {
  const deadline = Date.now() + timeoutMs;
  const first = await attempt(url, body, timeoutMs);
  if (first !== 'stale_socket') return first;
  const retried = await attempt(url, body, Math.max(1, deadline - Date.now()));
  return retried === 'stale_socket' ? { ok: false, failure: 'unreachable' } : retried;
}

function attempt(url: string, body: string, timeoutMs: number): Promise<TransportResult | 'stale_socket'> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: TransportResult | 'stale_socket') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('unsupported protocol');
    } catch {
      resolve({ ok: false, failure: 'invalid_url' });
      return;
    }
    const payload = Buffer.from(body);
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(target, {
      method: 'POST',
      agent: agents[target.protocol],
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': String(payload.length) },
    });
    const timer = setTimeout(() => {
      finish({ ok: false, failure: 'timeout' });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          finish({ ok: false, failure: 'too_large' });
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        finish({
          ok: true,
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      // The connection dropped mid-answer: as good as unreachable.
      response.on('error', () => finish({ ok: false, failure: 'unreachable' }));
      response.on('aborted', () => finish({ ok: false, failure: 'unreachable' }));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish(request.reusedSocket && error.code === 'ECONNRESET' ? 'stale_socket' : { ok: false, failure: 'unreachable' }),
    );
    request.end(payload);
  });
}
