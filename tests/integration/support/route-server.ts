import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A route handler behind a node:http server on 127.0.0.1 that writes each chunk of the body as it
 * comes, as `next start` does, and cancels the body when the client goes away.
 */
export async function serveRoute(
  handler: (request: Request) => Promise<Response>,
): Promise<{ port: number; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value);
      const response = await handler(
        new Request(`http://127.0.0.1${req.url}`, {
          method: req.method,
          headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      const reader = response.body?.getReader();
      res.on('close', () => void reader?.cancel().catch(() => undefined));
      try {
        for (let step = await reader?.read(); step && !step.done; step = await reader!.read())
          res.write(step.value);
      } catch {
        // The client left: the body was cancelled.
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
