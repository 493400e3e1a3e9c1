import { defineConfig, devices } from '@playwright/test';
import { E2E_ENV, GTM_ENV, PORTS } from './tests/e2e/support/servers';

/**
 * End-to-end tests drive the production build (built by scripts/test.sh) in
 * Debian's Chromium. Two servers: the main one on the embedded defaults plus one
 * social link, and a second build with a tag-manager container id configured.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.e2e.ts',
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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'site', testIgnore: '**/tag-manager.e2e.ts' },
    {
      name: 'tag-manager',
      testMatch: '**/tag-manager.e2e.ts',
      use: { baseURL: `http://127.0.0.1:${PORTS.gtm}` },
    },
  ],
  webServer: [
    {
      command: `node scripts/server.mjs --hostname 127.0.0.1 --port ${PORTS.main}`,
      url: `http://127.0.0.1:${PORTS.main}/robots.txt`,
      env: { ...E2E_ENV, NEXT_TELEMETRY_DISABLED: '1' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // E2E_SKIP_GTM=1 skips the second server when only the "site" project runs.
    ...(process.env.E2E_SKIP_GTM
      ? []
      : [
          {
            command: `node scripts/server.mjs --hostname 127.0.0.1 --port ${PORTS.gtm}`,
            url: `http://127.0.0.1:${PORTS.gtm}/robots.txt`,
            env: { ...GTM_ENV, NEXT_TELEMETRY_DISABLED: '1' },
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]),
  ],
});
