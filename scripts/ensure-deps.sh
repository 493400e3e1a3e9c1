#!/usr/bin/env bash
# Installs npm dependencies from the lockfile when they are missing or stale. `npm install`, not
# `npm ci`: registries that serve only this platform's optional binaries (@next/swc-*,
# @tailwindcss/oxide-*) leave the others out of the lockfile, which `npm ci` rejects. vnu-jar's
# install script (it downloads a JDK) stays unapproved: Java comes from the OS.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
