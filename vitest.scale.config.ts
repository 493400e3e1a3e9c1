import { defineConfig } from 'vitest/config';

/**
 * Scale test (tests/scale/*.scale.ts): two instances of the production build on
 * one PostgreSQL server that the integration suite's globalSetup starts on
 * loopback (LEADS_TEST_DATABASE=postgres). Runs after the production builds.
 */
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.scale.ts'],
    globalSetup: ['tests/integration/support/postgres-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
