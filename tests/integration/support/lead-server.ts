/**
 * A minimal stand-in for `next start` for the crash tests: a node:http server that hands
 * POST /api/leads/{form} to the route's handler and starts the outbox worker as instrumentation.ts
 * does. Run under `node --conditions=react-server --import tsx`; prints "ready <port>" when ready.
 */
import { createServer } from 'node:http';
import { handleLeadPost } from '@/server/leads/intake';
import { startOutboxWorker } from '@/server/outbox/worker';
import { getDatabase } from '@/server/db/client';

await getDatabase();
startOutboxWorker();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/api\/leads\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await handleLeadPost(
      decodeURIComponent(match[1]!),
      new Request(url, { method: 'POST', headers, body: Buffer.concat(chunks) }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : ''}`);
});
