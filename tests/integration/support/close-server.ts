import type { Server, ServerResponse } from 'node:http';

/** Stops a stand-in server at once: held answers are dropped, open sockets closed. */
export async function closeServer(
  server: Server | null,
  hanging: Set<ServerResponse>,
): Promise<void> {
  for (const res of hanging) res.destroy();
  hanging.clear();
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
