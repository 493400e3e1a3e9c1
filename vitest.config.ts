import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Every Vitest suite, one project each; `scripts/test.sh` runs them in order with `--project` (docs/testing.md).
 * The integration and scale projects start a private PostgreSQL server on loopback when
 * LEADS_TEST_DATABASE=postgres (tests/integration/support/postgres-setup.ts), and run each file in a process of
 * its own, so each gets its own environment and database.
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
        // Route handlers in-process on real databases, with real HTTP stand-ins for the outside services.
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
        // scripts/server.mjs on the production build: raw sockets, two instances on one PostgreSQL server.
        // SCALE_DIST_DIR picks the build, SCALE_PORT the first port (default 3150, up to +20 used).
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
