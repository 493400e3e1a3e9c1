#!/usr/bin/env bash
# The one command that runs every test: types, unit tests, integration tests, then end-to-end tests
# against production builds in a real Chromium. Sets up what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/ensure-deps.sh
bash scripts/ensure-tools.sh

echo "> typecheck"
npx tsc --noEmit

echo "> unit tests"
npx vitest run

echo "> integration tests (lead API, embedded database, real webhook receiver)"
npx vitest run -c vitest.integration.config.ts

echo "> production builds"
node scripts/build-test-sites.mjs

echo "> end-to-end tests"
npx playwright test "$@"
