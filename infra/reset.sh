#!/usr/bin/env bash
# Stops the servers (infra/down.sh) and deletes their data, keeping downloads and builds: the next
# infra/up.sh starts from empty databases, topics and buckets in seconds. The registry keeps its
# schemas in memory, and the mail server its mailboxes, so a restart already empties them.
#   bash infra/reset.sh [postgres|kafka|registry|s3|mail ...]   (default: all)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

servers=("$@")
((${#servers[@]})) || servers=("${ALL_SERVERS[@]}")
bash "$FE_REPO/infra/down.sh" "${servers[@]}"

take_lock
for server in "${servers[@]}"; do
  case $server in
    postgres)
      data=$FE_INFRA_HOME/postgres/data
      # As root with a private checkout the data lives in /tmp behind this link (infra/lib/postgres.sh).
      if [[ -L $data ]]; then rm -rf "$(readlink "$data")"; fi
      rm -rf "$data" ;;
    kafka) rm -rf "$FE_INFRA_HOME/kafka/data" ;;
    s3) rm -rf "$FE_INFRA_HOME/s3/data" ;;
    registry | mail) ;;
  esac
  say "$server: data removed"
done
