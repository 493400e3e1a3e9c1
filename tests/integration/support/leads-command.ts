import { spawn } from 'node:child_process';

/**
 * Runs `npm run leads -- <args>` as an operator would (package.json's node flags), with this test's
 * environment plus `vars`. The embedded database allows one process: close the test's handle first.
 */
export function runLeadsCommand(
  args: string[],
  vars: Record<string, string> = {},
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/leads.ts', ...args],
      {
        env: { ...process.env, ...vars },
        stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    if (stdin !== undefined) child.stdin!.end(stdin);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
