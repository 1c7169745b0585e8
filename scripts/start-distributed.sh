#!/usr/bin/env bash
# The distributed shape on one machine (docs/service.md, "Running the distributed shape on one
# machine"): the infrastructure servers (infra/up.sh), the PostgreSQL schema and the demo tenant,
# then every service as its own process: two ingress instances, two signers, the renderer, the
# submitter, the notifier, the projection, the relay, the DIAN simulator and the admin portal. Waits
# for each /readyz, prints the welcome text and returns; the processes keep running.
# scripts/stop-distributed.sh stops them.
#
# Environment (all optional): FE_DATA_DIR (default data/distributed: master key, the simulator's
# CA file and store, logs/, run/), FE_PORT (first ingress; the second is FE_PORT+1, the admin portal FE_PORT+2; default 8080),
# FE_HEALTH_PORT_BASE (the processes' /healthz and /readyz ports, one each from it; default 9100),
# DIAN_SIMULATOR_PORT (default 8090), FE_START_TIMEOUT_SECONDS (default 180), FE_SIGNER_INSTANCES
# (signer processes, one consumer group; default 2; bench/distributed.bench.ts runs 1 and 2), FE_INFRA=external
# (the servers are the caller's, named by FE_POSTGRES_URL, FE_KAFKA_BROKERS, FE_SCHEMA_REGISTRY_URL,
# FE_S3_ENDPOINT and the S3 keys: infra/up.sh is not run), and every variable of
# the processes themselves (FE_POSTGRES_SCHEMA, FE_KAFKA_GROUP_PREFIX, RELAY_NAME…), passed through.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
node=$root/node_modules/node/bin/node
[ -x "$node" ] || { echo "run pnpm install first" >&2; exit 1; }
umask 077

data=${FE_DATA_DIR:-data/distributed}
mkdir -p "$data"
data=$(cd "$data" && pwd)
run=$data/run
logs=$data/logs
mkdir -p "$run" "$logs"
pids=$run/pids
if [[ -s $pids ]]; then
  echo "processes of a previous start are recorded in $pids: run scripts/stop-distributed.sh first" >&2
  exit 1
fi
port=${FE_PORT:-8080}
health=${FE_HEALTH_PORT_BASE:-9100}
simulator_port=${DIAN_SIMULATOR_PORT:-8090}
timeout=${FE_START_TIMEOUT_SECONDS:-180}
signers=${FE_SIGNER_INSTANCES:-2}
[[ $signers =~ ^[1-9][0-9]*$ ]] || { echo "FE_SIGNER_INSTANCES: must be a whole number from 1 (signer processes to start)" >&2; exit 1; }

# The servers this call starts (not those found running) are recorded: the stop script takes down only those.
# Not the mail server: no process of this shape reads a mailbox yet.
[[ ${FE_INFRA:-} == external ]] || bash infra/up.sh --record-started "$run/infra-started" postgres kafka registry s3
source infra/env.sh
export FE_POSTGRES_URL=${FE_POSTGRES_URL:-$FE_TEST_POSTGRES_URL}
export FE_KAFKA_BROKERS=${FE_KAFKA_BROKERS:-$FE_TEST_KAFKA_BROKERS}
export FE_SCHEMA_REGISTRY_URL=${FE_SCHEMA_REGISTRY_URL:-$FE_TEST_SCHEMA_REGISTRY_URL}
export FE_S3_ENDPOINT=${FE_S3_ENDPOINT:-$FE_TEST_S3_ENDPOINT}
export FE_S3_ACCESS_KEY=${FE_S3_ACCESS_KEY:-$FE_TEST_S3_ACCESS_KEY}
export FE_S3_SECRET_KEY=${FE_S3_SECRET_KEY:-$FE_TEST_S3_SECRET_KEY}
export FE_MASTER_KEY_FILE=$data/master.key
export FE_AUDIT_KEY_FILE=$data/audit.key # made by prepare.ts; the relay signs the store's checkpoints with it
export FE_PORTAL_OUTBOX_DIR=${FE_PORTAL_OUTBOX_DIR:-$data/outbox}
export MALLOC_ARENA_MAX=2

url=http://127.0.0.1:$port
portal_port=$((port + 2))
welcome=$("$node" services/all-in-one/src/distributed/prepare.ts "$data" "$url" "http://127.0.0.1:$portal_port/admin")

# name  main  extra environment
started=()
start() {
  local name=$1 main=$2 port=$((health + ${#started[@]}))
  shift 2
  env FE_HEALTH_PORT="$port" "$@" "$node" --max-semi-space-size=4 --max-old-space-size=512 "$main" \
    </dev/null >>"$logs/$name.log" 2>&1 &
  printf '%s %s %s\n' "$name" "$!" "$port" >>"$pids"
  started+=("$name")
}

fail() {
  echo "$1; the logs are in $logs; stopping what started" >&2
  FE_DATA_DIR=$data bash scripts/stop-distributed.sh >&2 || true
  exit 1
}

# Waits until every process recorded so far answers /readyz with 200.
wait_ready() {
  local deadline=$((SECONDS + timeout)) name pid hport
  while read -r name pid hport; do
    until curl -sf --max-time 10 -o /dev/null "http://127.0.0.1:$hport/readyz"; do
      kill -0 "$pid" 2>/dev/null || fail "$name (pid $pid) exited during its start"
      ((SECONDS < deadline)) ||
        fail "$name (pid $pid) was not ready after ${timeout} s: $(curl -s --max-time 10 "http://127.0.0.1:$hport/readyz")"
      sleep 0.5
    done
  done <"$pids"
}

# It trusts the demo's CA and the data folder's trust list (pnpm fe dian-simulator trust add --data-dir "$data"), and
# knows every tenant of the registry, those created after the start too.
start dian-simulator services/dian-simulator/src/main.ts \
  DIAN_SIMULATOR_PORT="$simulator_port" DIAN_SIMULATOR_TRUSTED_CA_FILE="$data/trusted-ca.pem" DIAN_SIMULATOR_STORE_PATH="$data/dian-simulator.sqlite" \
  DIAN_SIMULATOR_IDENTITY_FILE="$data/dian-simulator-identity.pem" DIAN_SIMULATOR_TRUST_FOLDER="$data/dian-simulator-trust" \
  DIAN_SIMULATOR_TENANT_REGISTRY=postgres
start projection services/projection/src/main.ts
start relay services/relay/src/main.ts
for ((i = 1; i <= signers; i++)); do start "signer-$i" services/signer/src/main.ts SIGNER_POOL_SIZE=1; done
start renderer services/renderer/src/main.ts
dian=http://127.0.0.1:$simulator_port/WcfDianCustomerServices.svc
# The submitter records only answers signed by the simulator's certificate (made by prepare.ts).
start submitter services/submitter/src/main.ts DIAN_ENDPOINT_HABILITACION="$dian" DIAN_ENDPOINT_PRODUCTION="$dian" DIAN_TRUSTED_PEM="$data/dian-simulator-certificate.pem"
# The buyers' mails: through FE_SMTP_URL when set, else .eml files in $data/outbox (docs/notifier.md).
start notifier services/notifier/src/main.ts DIAN_ENDPOINT_HABILITACION="$dian" DIAN_ENDPOINT_PRODUCTION="$dian" FE_MAIL_OUTBOX_DIR="$data/outbox"
# The ingress last, so it answers only once the services behind it are ready.
wait_ready
# A received invoice's DIAN answer must chain to the simulator's certificate, as the submitter's answers do. The
# endpoints: the ingress probes DIAN for an outage (docs/contingency.md).
start ingress-1 services/ingress/src/main.ts FE_PORT="$port" DIAN_TRUSTED_PEM="$data/dian-simulator-certificate.pem" \
  DIAN_ENDPOINT_HABILITACION="$dian" DIAN_ENDPOINT_PRODUCTION="$dian"
start ingress-2 services/ingress/src/main.ts FE_PORT="$((port + 1))" DIAN_TRUSTED_PEM="$data/dian-simulator-certificate.pem" \
  DIAN_ENDPOINT_HABILITACION="$dian" DIAN_ENDPOINT_PRODUCTION="$dian"
# The admin portal after the ingress: its habilitación run issues the test set through ingress-1.
# Started last, it is stopped first (the stop script goes newest first), before the API it uses.
# GetNumberingRange (onboarding's "Consultar en la DIAN") at the simulator, where the submitter sends; an uploaded
# received invoice's DIAN answer checked against the simulator's certificate, as the ingress checks it.
start portal services/portal/src/main.ts FE_PORT="$portal_port" FE_PORTAL_API_URL="$url" FE_BASE_URL="${FE_BASE_URL:-http://127.0.0.1:$portal_port}" \
  DIAN_ENDPOINT_HABILITACION="$dian" DIAN_ENDPOINT_PRODUCTION="$dian" DIAN_TRUSTED_PEM="$data/dian-simulator-certificate.pem"
wait_ready

printf '%s\n' "$welcome"
echo "  A second ingress instance at http://127.0.0.1:$((port + 1)); every process's pid, logs and /readyz port: $pids, $logs"
echo "  Stop everything: pnpm stop:distributed"
echo
