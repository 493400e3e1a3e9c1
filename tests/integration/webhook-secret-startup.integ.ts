import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * LEADS_WEBHOOK_SECRET must be a Standard Webhooks secret (whsec_<base64>): the standard's own
 * verifiers cannot use any other string. `next build` and `next start` both load next.config.ts,
 * which validates the environment, so a wrong secret stops them before anything is built or served,
 * with a message naming the variable and the command that makes a good one.
 */

const DIST = '.next-secret-check'; // never built: both commands stop before they would write it
const make = `node -e "console.log('whsec_'+require('crypto').randomBytes(32).toString('base64'))"`;

function next(args: string[], secret: string) {
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', ...args], {
    env: {
      ...process.env,
      LEADS_WEBHOOK_SECRET: secret,
      NEXT_DIST_DIR: DIST,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterAll(() => rmSync(DIST, { recursive: true, force: true }));

describe('a LEADS_WEBHOOK_SECRET that is not whsec_<base64>', () => {
  it.each([
    ['next build', ['build']],
    ['next start', ['start', '--port', '0']],
  ])(
    'stops %s with a message naming it and showing how to make one',
    { timeout: 90_000 },
    (_label, args) => {
      const { status, output } = next(args, 'a-plain-shared-secret-1234');
      expect(status).not.toBe(0);
      expect(output).toContain('LEADS_WEBHOOK_SECRET: must be a Standard Webhooks secret');
      expect(output).toContain(make);
      expect(output).not.toContain('a-plain-shared-secret-1234');
      // The message alone: no stack trace, nor Next's own line about its configuration file.
      expect(output).not.toMatch(/\n\s+at |Failed to load next\.config/);
    },
  );

  it(
    'lets next start past the configuration with a whsec_ secret (it then stops for the missing build)',
    { timeout: 90_000 },
    () => {
      const { status, output } = next(
        ['start', '--port', '0'],
        `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
      );
      expect(status).not.toBe(0);
      expect(output).not.toContain('LEADS_WEBHOOK_SECRET');
      expect(output).toMatch(/Could not find a production build/);
    },
  );
});
