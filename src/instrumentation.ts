/**
 * Runs once when the server starts: importing env validates the configuration,
 * so `next start` with a bad variable stops with a clear message. In the Node.js
 * runtime it then starts the lead outbox worker, which opens the database
 * (applying migrations) and sweeps due deliveries every LEADS_SWEEP_INTERVAL_MS.
 * Not during `next build`, which must not open or lock the database.
 */
export async function register() {
  const { env } = await import('./env');
  // NEXT_RUNTIME is read directly (not through env) so the bundler can drop the
  // Node-only branch from the edge build.
  if (process.env.NEXT_RUNTIME === 'nodejs' && env.NEXT_PHASE !== 'phase-production-build' && env.LEADS_WORKER) {
    const { startOutboxWorker } = await import('./server/outbox/worker');
    startOutboxWorker();
  }
}
