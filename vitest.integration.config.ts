import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Integration tests (tests/integration/*.integ.ts, `npm run test:integration`):
 * the lead API's route handlers called in-process against a fresh embedded
 * database per file, with a real HTTP webhook receiver on 127.0.0.1. Each file
 * runs in its own process, so each gets its own environment and database.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/integration/**/*.integ.ts'],
    globalSetup: ['tests/integration/support/postgres-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
