#!/usr/bin/env bash
# The README's test line and what CI runs: set up a fresh clone, then typecheck, lint, and run the
# unit and integration suites (integration tests use real xmllint, xmlsec1, … on this machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
rm -rf .vitest
# Every distributed shape's process logs, kept only when the run fails: a flake that passes on a rerun can be read.
export FE_E2E_KEEP_LOGS="$PWD/.infra/e2e-logs/$(date -u +%Y%m%dT%H%M%SZ)"
status=0
pnpm test || status=$?
pnpm exec node scripts/summarize-tests.ts || status=1
if [ "$status" -eq 0 ]; then rm -rf "$FE_E2E_KEEP_LOGS"; else echo "process logs of the distributed shapes: $FE_E2E_KEEP_LOGS"; fi
exit $status
