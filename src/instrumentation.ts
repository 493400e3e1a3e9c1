/**
 * Runs once when the server starts (docs/architecture.md, "Server"): reading env validates the
 * configuration, so a bad variable stops the server with a clear message; then the outbox worker,
 * retention and the command socket start. Not during `next build`, which must not open or lock the
 * database.
 */

export async function register() {
  const { env } = await import('./env');
  // NEXT_RUNTIME is read directly (not through env) so the bundler can drop the Node-only branch.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || env.NEXT_PHASE === 'phase-production-build') return;
  const server = (await import('./server/process')).processGlobals.__siteServer;
  try {
    // The embedded database's folder must be this user's alone, and not open in another process,
    // or the server stops.
    if (!env.DATABASE_URL) {
      const { requireDataFolder } = await import('./server/db/client');
      requireDataFolder(env.LEADS_DATA_DIR);
    }
    const { startOutboxWorker, stopOutboxWorker, waitForOutbox } =
      await import('./server/outbox/worker');
    if (env.LEADS_WORKER) startOutboxWorker();
    // Retention runs in every process, worker or not: purging is safe from several at once.
    const { startRetention, stopRetention } = await import('./server/leads/retention');
    startRetention();
    // The embedded database belongs to this process: the operator commands reach it through here.
    if (!env.DATABASE_URL) {
      const { serveCommands } = await import('./server/admin/command-socket');
      await serveCommands(env.LEADS_DATA_DIR);
    }
    // scripts/server.mjs runs these on SIGTERM once requests have finished: deliveries in flight
    // are recorded (not sent again after the restart) and the database closes cleanly.
    server?.shutdownHooks.push(async () => {
      stopOutboxWorker();
      stopRetention();
      await waitForOutbox();
      const { closeDatabase } = await import('./server/db/client');
      await closeDatabase();
    });
  } catch (error) {
    // Next.js would log a failed hook and serve on, a 500 to every request: the site stops instead.
    (await import('./server/startup')).stopStarting(error);
  }
  // scripts/server.mjs listens only from here on, so its "Ready" means ready.
  server?.started?.();
  server?.whenListening?.(async (origin) => {
    const { startupLines } = await import('./server/startup');
    for (const line of await startupLines(origin)) console.log(line);
  });
}
