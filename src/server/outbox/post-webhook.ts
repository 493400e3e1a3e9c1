import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { describeError } from '@/server/log';

export type PostResult = { ok: boolean; httpStatus: number | null; error: string | null };

// Keep-alive agents: under load the worker posts many leads to the same host. An idle pooled
// socket is closed after 4 s (the agent's `timeout` only ever destroys free sockets), before
// the 5 s keep-alive timeout of Node-based receivers such as n8n: reusing a socket the receiver
// is closing at that moment fails the attempt with 'socket hang up' (measured in the scale test).
const agentOptions = { keepAlive: true, maxSockets: 32, timeout: 4_000 };
const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

/**
 * One HTTP attempt. Success is a 2xx within the timeout (which covers the
 * whole exchange: connect, send, response head). Redirects are not followed (a
 * moved endpoint must be fixed in the configuration, not chased with personal
 * data); the response body is ignored and never stored, since it may echo the
 * lead back.
 *
 * node:http rather than fetch: inside the Next server, fetch is wrapped by the
 * framework's cache layer and goes through WHATWG streams, which cost a few
 * milliseconds of CPU per lead under load (measured with bench:leads).
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`unsupported protocol ${target.protocol}`);
    } catch (error) {
      resolve({ ok: false, httpStatus: null, error: describeError(error) });
      return;
    }
    const transport = target.protocol === 'https:' ? https : http;
    const payload = Buffer.from(body);
    const request = transport.request(target, {
      method: 'POST',
      agent: agents[target.protocol],
      headers: { ...headers, 'Content-Length': String(payload.length) },
    });
    const timer = setTimeout(() => {
      finish({ ok: false, httpStatus: null, error: `timeout after ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      response.resume(); // drain and discard the body; the socket goes back to the pool
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return finish({ ok: true, httpStatus: status, error: null });
      const kind = status >= 300 && status < 400 ? 'redirect not followed' : 'non-2xx response';
      finish({ ok: false, httpStatus: status || null, error: `HTTP ${status} (${kind})` });
    });
    request.on('error', (error) => finish({ ok: false, httpStatus: null, error: describeError(error) }));
    request.end(payload);
  });
}
