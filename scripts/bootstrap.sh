#!/usr/bin/env bash
# Everything a fresh clone needs before it runs: pnpm, the workspace's packages (which bring
# Node 24 in as node_modules/.bin/node), the system tools the tests use, the xades4j verifier, the
# Python subscriber's venv (examples/python-subscriber), and the integration run's servers
# downloaded and built (started later, by the int project's globalSetup; infra/up.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null; then
  echo "installing pnpm 10" >&2
  npm install -g pnpm@10 >/dev/null 2>&1
fi
# A cycle between workspaces stops the line: pnpm-workspace.yaml disallows one, and this catches
# the warning a pnpm that ignores that setting prints instead.
install_log=$(mktemp)
pnpm install --frozen-lockfile --reporter=append-only 2>&1 | tee "$install_log"
if grep -qi 'cyclic workspace dependencies' "$install_log"; then
  echo "bootstrap: pnpm reports a cycle between workspaces (above); a service depends on packages, never on another service" >&2
  rm -f "$install_log"
  exit 1
fi
rm -f "$install_log"
bash scripts/install-system-tools.sh
bash scripts/build-xades4j-verifier.sh
bash scripts/install-python-subscriber.sh >/dev/null
bash infra/up.sh --install-only
