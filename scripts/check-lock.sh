#!/usr/bin/env bash
# `npm ci` on a fresh clone accepts the lock file only when every dependency in it is in the lock file
# (ADR 0004): try it on a copy of package.json and package-lock.json alone, without installing.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cp package.json package-lock.json "$dir/"
cd "$dir"
if npm ci --dry-run --no-audit --no-fund --ignore-scripts >"$dir/log" 2>&1; then
  echo "lock file: npm ci accepts it"
else
  grep -E "npm error (Missing|Invalid|code|\`npm ci\`)" "$dir/log" | head -20
  exit 1
fi
