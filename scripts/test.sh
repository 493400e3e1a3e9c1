#!/usr/bin/env bash
# `npm test`: every step of docs/testing.md in order, after setting up what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/ensure-deps.sh
bash scripts/ensure-tools.sh

echo "> typecheck"
npx tsc --noEmit

echo "> lint (ESLint with Next's, React hooks' and React Compiler's rules; Prettier)"
npm run --silent lint

echo "> unit tests"
npx vitest run --project unit

echo "> integration tests (lead API, embedded database, real webhook receiver)"
npx vitest run --project integration

# The same suite on a real PostgreSQL server it starts on loopback (initdb + pg_ctl).
echo "> integration tests (lead API, PostgreSQL server)"
LEADS_TEST_DATABASE=postgres npx vitest run --project integration

echo "> production builds"
node scripts/build-test-sites.mjs

echo "> post-build contract (scripts/postbuild/ on this Next version's real output: the main test build)"
npx vitest run --project contract

# The production server over real sockets, then two instances on one PostgreSQL server.
echo "> production server and scale tests (raw sockets; two instances, one PostgreSQL server)"
LEADS_TEST_DATABASE=postgres npx vitest run --project scale

echo "> development server (next dev: /, /contact-us, /revenue-calculator in Chromium, no CSP violation)"
npx playwright test --project=dev

echo "> end-to-end tests"
npx playwright test --project=site --project=tag-manager "$@"
