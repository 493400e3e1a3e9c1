#!/usr/bin/env bash
# Serves the production site on http://localhost:${PORT:-3000} with the embedded
# defaults (no account or external service needed). Installs and builds first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh
npm run build
exec npx next start --port "${PORT:-3000}"
