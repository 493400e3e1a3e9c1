/**
 * Runs once when the server starts: importing env validates the configuration,
 * so `next start` with a bad variable stops with a clear message. In the Node.js
 * runtime it then starts the lead outbox worker, which opens the database
 * (applying migrations) and sweeps due deliveries every LEADS_SWEEP_INTERVAL_MS,
 * and, with the embedded database, answers the operator commands on a local
 * socket (server/admin/command-socket.ts). Not during `next build`, which must
 * not open or lock the database.
 */
export async function register() {
  const { env } = await import('./env');
  // NEXT_RUNTIME is read directly (not through env) so the bundler can drop the
  // Node-only branch from the edge build.
  if (process.env.NEXT_RUNTIME === 'nodejs' && env.NEXT_PHASE !== 'phase-production-build') {
    if (env.LEADS_WORKER) {
      const { startOutboxWorker } = await import('./server/outbox/worker');
      startOutboxWorker();
    }
    // The embedded database belongs to this process: the operator commands reach it through here.
    if (!env.DATABASE_URL) {
      const { serveCommands } = await import('./server/admin/command-socket');
      await serveCommands(env.LEADS_DATA_DIR);
    }
  }
}
