#!/usr/bin/env bash
# The start line of the README: installs what a fresh clone lacks (pnpm, the workspace packages,
# which bring Node 24), then runs the embedded default in the foreground until Ctrl-C or SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g pnpm@10 >/dev/null
[ -x node_modules/node/bin/node ] || pnpm install --frozen-lockfile --reporter=append-only
# exec the Node 24 binary itself, so this script's process id becomes the service's: a SIGTERM to
# it stops the service cleanly. Through `pnpm start` and node_modules/.bin/node (a shell shim that
# does not forward signals) the service outlived a SIGTERM, orphaned, still holding its port.
# MALLOC_ARENA_MAX and the heap flags: docs/service.md, "Memory".
export MALLOC_ARENA_MAX=2
exec node_modules/node/bin/node --max-semi-space-size=4 --max-old-space-size=1024 services/all-in-one/src/main.ts "$@"
