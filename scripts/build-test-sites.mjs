// Makes the two production builds the end-to-end tests serve (tests/e2e/support/test-env.json).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const testEnv = JSON.parse(
  readFileSync(new URL('../tests/e2e/support/test-env.json', import.meta.url), 'utf8'),
);

// E2E_DIST_DIR overrides the main build's folder; --main-only skips the tag-manager build.
// Both builds also see secrets their servers never get (buildOnlySecrets): tests/e2e/secrets.e2e.ts
// shows that neither these nor the run-time ones reach the browser.
const secrets = testEnv.buildOnlySecrets;
const main = {
  ...testEnv.main,
  ...secrets,
  NEXT_DIST_DIR: process.env.E2E_DIST_DIR || testEnv.main.NEXT_DIST_DIR,
};
const builds = [['main', main]];
if (!process.argv.includes('--main-only'))
  builds.push(['tag-manager', { ...testEnv.main, ...secrets, ...testEnv.gtm }]);

for (const [name, vars] of builds) {
  console.log(`\n> npm run build (${name})`);
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ...vars, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Each build's server starts with an empty embedded database, kept in the build folder.
  for (const leftover of ['e2e-leads-db', 'e2e-leads-db.lock', 'e2e-leads-db.commands'])
    rmSync(`${vars.NEXT_DIST_DIR}/${leftover}`, { recursive: true, force: true });
}
