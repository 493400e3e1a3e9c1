import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts lead-server.ts in a process of its own (the react-server condition, tsx) with `env` and
 * resolves with its port once it prints "ready". LEADS_RESTART_DEBUG shows its output.
 */
async function startLeadServer(
  env: NodeJS.ProcessEnv,
): Promise<{ port: number; process: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'tests/integration/support/lead-server.ts'],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (process.env.LEADS_RESTART_DEBUG) {
    proc.stdout!.on('data', (c: Buffer) => process.stderr.write(c));
    proc.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
  }
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    proc.once('exit', (code) => reject(new Error(`lead server exited with ${code}:\n${stderr}`)));
    setTimeout(() => reject(new Error(`lead server did not start:\n${stderr}`)), 50_000);
  });
  return { port, process: proc };
}

/** What a restart test's server shares: quick retries and sweeps, no rate limit, its own worker. */
export const RESTART_SETTINGS = {
  LEADS_RETRY_SCHEDULE_MS: '700,700,700,700,700,700,700,700',
  LEADS_SWEEP_INTERVAL_MS: '100',
  LEADS_RATE_LIMIT_PER_MINUTE: '0',
  LEADS_WORKER: '1',
};

/** One lead server at a time with `env`, started again after it is killed; `kill` ends the last. */
export function restartableLeadServer(env: NodeJS.ProcessEnv) {
  let child: ChildProcess | null = null;
  return {
    async start() {
      const started = await startLeadServer(env);
      child = started.process;
      return started;
    },
    kill: () => child?.kill('SIGKILL'),
  };
}
