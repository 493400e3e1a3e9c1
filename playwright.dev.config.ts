import { defineConfig } from '@playwright/test';
import site from './playwright.config';
import testEnv from './tests/e2e/support/test-env.json' with { type: 'json' };

/**
 * `npm run dev` works: the development server (`next dev`, its own build folder and port on 127.0.0.1) serves
 * pages in Chromium under its own Content-Security-Policy. Run by scripts/test.sh before the end-to-end tests;
 * Playwright stops the server when the run ends. E2E_DEV_PORT lets several suites run side by side.
 */
const port = Number(process.env.E2E_DEV_PORT) || testEnv.ports.dev;
const distDir = '.next-dev-test';

export default defineConfig({
  testDir: './tests/dev',
  testMatch: '**/*.dev.ts',
  workers: 1,
  retries: site.retries,
  reporter: 'list',
  // next dev compiles each route on its first request: tens of seconds on a busy 2-core machine.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: { ...site.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `npx next dev --hostname 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}/robots.txt`,
    env: {
      ...testEnv.main,
      NEXT_DIST_DIR: distDir,
      LEADS_DATA_DIR: `${distDir}/leads-db`,
      NODE_ENV: 'development',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
