/**
 * Runs once when the server starts: importing env validates the configuration,
 * so `next start` with a bad variable stops with a clear message.
 */
export async function register() {
  await import('./env');
}
