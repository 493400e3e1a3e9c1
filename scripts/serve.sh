#!/usr/bin/env bash
# Serves the production site on http://localhost:${PORT:-3000} with the embedded
# defaults (no account or external service needed). Installs and builds first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh
npm run build
# scripts/server.mjs, not `next start`: it sets the timeouts, the client address and the 4xx
# answers that `next start` cannot.
exec node scripts/server.mjs --port "${PORT:-3000}"
