#!/usr/bin/env bash
# The start line of the README: installs what a fresh clone lacks (pnpm, the workspace packages,
# which bring Node 24), then runs the embedded default in the foreground until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g pnpm@10 >/dev/null
[ -x node_modules/.bin/node ] || pnpm install --frozen-lockfile --reporter=append-only
exec pnpm start "$@"
