import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Contract test of the post-build stage (tests/contract/*.contract.ts): reads the test build, so scripts/test.sh
 * runs it after the production builds.
 */
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: { include: ['tests/contract/**/*.contract.ts'], environment: 'node', testTimeout: 60_000 },
});
