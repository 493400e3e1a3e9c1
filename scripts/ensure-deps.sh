#!/usr/bin/env bash
# Installs npm dependencies from the lockfile when they are missing or stale.
# vnu-jar's install script (it downloads a JDK) stays unapproved: Java comes from the OS.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
