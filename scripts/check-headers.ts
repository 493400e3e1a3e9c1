/**
 * `npm run check:headers`: requests every route and API endpoint of the
 * production build (scripts/lib/header-targets.ts) and scores each response's
 * headers with the Mozilla HTTP Observatory rubric (scripts/lib/observatory.ts),
 * printing the score, the grade and every modifier. Exits 1 unless every
 * response grades A+ (100 or more).
 *
 *   npm run check:headers                    build, serve on 127.0.0.1 and check
 *   npm run check:headers -- --no-build      reuse the last build (CHECK_DIST_DIR, default .next)
 *   npm run check:headers -- --url http://127.0.0.1:3100   check a server that is already running
 */
import { spawn, spawnSync } from 'node:child_process';
import { headerTargets, type HeaderTarget } from './lib/header-targets';
import { scoreResponse, type Score } from './lib/observatory';

const args = process.argv.slice(2);
const urlFlag = args.indexOf('--url');
const port = Number(process.env.CHECK_PORT) || 3230;
const origin = urlFlag === -1 ? `http://127.0.0.1:${port}` : args[urlFlag + 1]!.replace(/\/+$/, '');

export async function checkTarget(
  base: string,
  target: HeaderTarget,
): Promise<{ status: number; score: Score }> {
  const init = (extra: Record<string, string> = {}): RequestInit => ({
    method: target.method,
    redirect: 'manual',
    body: target.body,
    headers: { ...(target.contentType ? { 'content-type': target.contentType } : {}), ...extra },
  });
  const response = await fetch(`${base}${target.path}`, init());
  const body = await response.text();
  // CORS: does a foreign origin get its own origin back, with credentials?
  const foreign = 'https://observatory.invalid';
  const probe = await fetch(`${base}${target.path}`, init({ origin: foreign }));
  await probe.arrayBuffer();
  const reflected =
    probe.headers.get('access-control-allow-origin') === foreign &&
    probe.headers.get('access-control-allow-credentials') === 'true';
  return {
    status: response.status,
    score: scoreResponse(
      { url: response.url, headers: response.headers, body },
      { reflectedForForeignOrigin: reflected },
    ),
  };
}

async function main() {
  let server: ReturnType<typeof spawn> | null = null;
  if (urlFlag === -1) {
    const env = {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: process.env.CHECK_DIST_DIR || '.next',
      LOG_LEVEL: 'warn',
    };
    if (!args.includes('--no-build')) {
      const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
    server = spawn(
      process.execPath,
      ['scripts/server.mjs', '--hostname', '127.0.0.1', '--port', String(port)],
      { env, stdio: 'ignore', detached: true },
    );
    process.on('exit', () => {
      try {
        process.kill(-server!.pid!, 'SIGTERM');
      } catch {}
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${origin}/robots.txt`)).ok) break;
      } catch {}
      if (i > 150) throw new Error(`the server on ${origin} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  let failed = 0;
  for (const target of headerTargets) {
    const { status, score } = await checkTarget(origin, target);
    if (score.score < 100) failed++;
    console.log(
      `\n${score.grade.padEnd(2)} ${String(score.score).padStart(3)}  ${target.method} ${target.path} (${status})`,
    );
    for (const modifier of score.modifiers) {
      console.log(
        `   ${(modifier.modifier > 0 ? `+${modifier.modifier}` : String(modifier.modifier)).padStart(4)}  ${modifier.result}`,
      );
    }
  }
  console.log(
    `\n${headerTargets.length - failed} of ${headerTargets.length} responses grade A+ (100 or more).`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

if (process.argv[1]?.endsWith('check-headers.ts')) void main();
