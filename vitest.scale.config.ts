import { defineConfig } from 'vitest/config';

/**
 * Tests against the production server on the production build (tests/scale/*.scale.ts):
 * production-server.scale.ts over raw sockets on the embedded database, and
 * two-instances.scale.ts with two instances on one PostgreSQL server that the
 * integration suite's globalSetup starts on loopback (LEADS_TEST_DATABASE=postgres).
 * Runs after the production builds. SCALE_DIST_DIR picks the build, SCALE_PORT the
 * first port (default 3150, up to +20 used).
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
