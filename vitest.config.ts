import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Every Vitest suite, a project each (docs/testing.md). The integration and scale projects run each
 * file in a process of its own, so each gets its own environment and database.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // src/server/* imports 'server-only' (a build-time fence); under Vitest it is a no-op.
      'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        // Route handlers in-process on real databases, real HTTP stand-ins for outside services.
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.integ.ts'],
          globalSetup: ['tests/integration/support/postgres-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The post-build stage on the test build's real output: runs after the builds.
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.contract.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // scripts/server.mjs on the production build (SCALE_DIST_DIR), from port SCALE_PORT up.
        extends: true,
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.scale.ts'],
          globalSetup: ['tests/integration/support/postgres-setup.ts'],
          pool: 'forks',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
