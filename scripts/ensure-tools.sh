#!/usr/bin/env bash
# The tools outside npm the tests need (docs/testing.md), installed with apt when run as root.
set -euo pipefail

need=()
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] || need+=(chromium)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null 2>&1 || need+=(postgresql)

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${need[*]} with apt-get..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "Missing: ${need[*]}." >&2
  echo "Install them as root (Debian/Ubuntu: sudo apt-get install -y ${need[*]})," >&2
  echo "or point CHROMIUM_PATH at an existing Chromium binary." >&2
  exit 1
fi
