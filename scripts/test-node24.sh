#!/usr/bin/env bash
# Issue 17 (ADR 0144): `npm run test:node24 [-- vitest arguments]` runs the Vitest suite on Node 24 LTS,
# the version the README recommends for production, while the project itself keeps running on Node 20.
#
# The Node 24 binary comes from the npm registry (the official build, packaged as node-<os>-<arch>; npm
# checks the tarball against the registry's integrity hash), into a cache folder outside the project
# ($NODE24_CACHE, else ~/.cache/focustar/node-<version>): nothing is added to package.json, and a second
# run starts at once. CI can keep that folder between runs.
#
# Vitest's workers are forks of the running node, so the whole suite runs on Node 24. Without
# TEST_DATABASE_URL the database suites run on PGlite only (see ADR 0144 for how CI splits the work).
# `bash scripts/test-node24.sh --print-path` fetches it if needed and prints the binary's path only
# (scripts/test.ts runs Vitest with it).
set -euo pipefail
cd "$(dirname "$0")/.."

version="${NODE24_VERSION:-24.21.0}"
pkg="node-$(node -p process.platform)-$(node -p process.arch)"
dir="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/focustar/node-$version}"
bin="$dir/node_modules/$pkg/bin/node"

if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null)" != "v$version" ]; then
  echo "test:node24: fetching $pkg@$version from the npm registry into $dir" >&2
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{ "private": true, "description": "Node 24 for npm run test:node24" }' >"$dir/package.json"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "$pkg@$version" >/dev/null
fi

if [ "${1:-}" = "--print-path" ]; then
  echo "$bin"
  exit 0
fi
echo "test:node24: vitest on $("$bin" --version) ($bin)"
exec "$bin" node_modules/vitest/vitest.mjs run "$@"
