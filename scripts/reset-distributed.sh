#!/usr/bin/env bash
# Starts the distributed shape afresh (docs/service.md, "Starting afresh"): what belongs together goes
# together. The data folder's master key seals the tenants in the PostgreSQL schema, so both go: the
# processes are stopped, the schema dropped (its events, views and tenants), the folder removed. Kafka
# topics and stored documents stay; nothing refers to them any more.
#   FE_DATA_DIR (default data/distributed), FE_POSTGRES_SCHEMA (default fe), FE_INFRA=external and the
#   FE_POSTGRES_URL of the servers, as for the start.
set -euo pipefail
cd "$(dirname "$0")/.."
node=$PWD/node_modules/node/bin/node
[ -x "$node" ] || { echo "run pnpm install first" >&2; exit 1; }
data=${FE_DATA_DIR:-data/distributed}

FE_DATA_DIR=$data bash scripts/stop-distributed.sh
started=$(mktemp)
trap 'rm -f "$started"' EXIT
# PostgreSQL is up for the drop only: a server the stop took down is taken down again.
[[ ${FE_INFRA:-} == external ]] || bash infra/up.sh --record-started "$started" postgres
source infra/env.sh
export FE_POSTGRES_URL=${FE_POSTGRES_URL:-$FE_TEST_POSTGRES_URL}
"$node" services/all-in-one/src/distributed/drop-schema.ts
if [[ -s $started ]]; then bash infra/down.sh postgres; fi
rm -rf "$data"
echo "removed $data: pnpm start:distributed starts afresh"
