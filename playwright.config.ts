import { defineConfig, devices } from '@playwright/test';
import {
  chromiumLaunchOptions,
  DEV_ENV,
  E2E_ENV,
  GTM_ENV,
  PORTS,
} from './tests/e2e/support/servers';

/**
 * Every browser suite, a project each, in Debian's Chromium (docs/testing.md). Only the selected
 * projects' servers start, so the dev suite needs no build and the e2e suites no dev server.
 */

/** The projects named with --project, or null for all of them. */
function selectedProjects(argv: string[]): Set<string> | null {
  const names = argv.flatMap((arg, index) =>
    arg.startsWith('--project=')
      ? [arg.slice('--project='.length)]
      : arg === '--project' && argv[index + 1]
        ? [argv[index + 1]!]
        : [],
  );
  return names.length > 0 ? new Set(names) : null;
}

const selected = selectedProjects(process.argv);
const runs = (project: string) => !selected || selected.has(project);
const production = (port: number, env: Record<string, string>) => ({
  command: `node scripts/server.mjs --hostname 127.0.0.1 --port ${port}`,
  url: `http://127.0.0.1:${port}/robots.txt`,
  env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
  reuseExistingServer: false,
  timeout: 60_000,
});

export default defineConfig({
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORTS.main}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    {
      name: 'site',
      testDir: './tests/e2e',
      testMatch: '**/*.e2e.ts',
      testIgnore: '**/tag-manager.e2e.ts',
    },
    {
      name: 'tag-manager',
      testDir: './tests/e2e',
      testMatch: '**/tag-manager.e2e.ts',
      use: { baseURL: `http://127.0.0.1:${PORTS.gtm}` },
    },
    {
      name: 'dev',
      testDir: './tests/dev',
      testMatch: '**/*.dev.ts',
      workers: 1,
      // next dev compiles each route on first request: tens of seconds on a busy 2-core machine.
      timeout: 180_000,
      expect: { timeout: 15_000 },
      use: { baseURL: `http://127.0.0.1:${PORTS.dev}` },
    },
  ],
  webServer: [
    ...(runs('site') ? [production(PORTS.main, E2E_ENV)] : []),
    ...(runs('tag-manager') ? [production(PORTS.gtm, GTM_ENV)] : []),
    ...(runs('dev')
      ? [
          {
            command: `npx next dev --hostname 127.0.0.1 --port ${PORTS.dev}`,
            url: `http://127.0.0.1:${PORTS.dev}/robots.txt`,
            env: DEV_ENV,
            reuseExistingServer: false,
            timeout: 180_000,
          },
        ]
      : []),
  ],
});
