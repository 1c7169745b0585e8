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
# MALLOC_ARENA_MAX, the heap flags and the compile cache: docs/choices.md, "Memory flags".
export MALLOC_ARENA_MAX=2
# Node's compile cache keeps each module's stripped TypeScript and bytecode: on a warm cache no isolate
# (the main thread and every worker inherit it) loads the type stripper, whose wasm memory stays resident.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-node_modules/.cache/node-compile-cache}"
exec node_modules/node/bin/node --max-semi-space-size=4 --max-old-space-size=1024 services/all-in-one/src/main.ts "$@"
