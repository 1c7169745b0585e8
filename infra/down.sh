#!/usr/bin/env bash
# Stops the servers infra/up.sh started, by their saved pids (.infra/run/<server>.pid), and waits
# until each process has exited. Idempotent: a server that is not running is skipped. Data, logs
# and downloads stay (infra/reset.sh removes the data).
#   bash infra/down.sh [postgres|kafka|registry|s3|mail ...]   (default: all)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

servers=()
for server in "$@"; do
  is_server "$server" || die "unknown server '$server' (known: ${ALL_SERVERS[*]})"
  servers+=("$server")
done
((${#servers[@]})) || servers=("${ALL_SERVERS[@]}")

take_lock
for server in "${servers[@]}"; do
  load_server "$server"
  stop_server "$server"
done
