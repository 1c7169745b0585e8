#!/usr/bin/env bash
# The README's test line and what CI runs: set up a fresh clone, then typecheck, lint, and run the
# unit and integration suites (integration tests use real xmllint, xmlsec1, … on this machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
rm -rf .vitest
status=0
pnpm test || status=$?
pnpm exec node scripts/summarize-tests.ts || status=1
exit $status
