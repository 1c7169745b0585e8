#!/usr/bin/env bash
# Starts the integration run's servers on loopback, each on its fixed port (infra/env.sh), and
# waits until each answers. Idempotent: a server whose saved pid is alive and answering is left as
# it is. Downloads and builds happen on the first run only (cached in .infra/ and the tools' caches).
#   bash infra/up.sh [postgres|kafka|registry|s3|mail ...]     (default: all)
#   --install-only            download and build what is missing, start nothing (scripts/bootstrap.sh)
#   --record-started <file>   append the names of the servers this call started (not those found
#                             running): vitest's globalSetup stops only those at the end
# Prints how long each server took (install = download/build, start = until it answered).
# Stop with infra/down.sh. Logs: .infra/logs/<server>.log; pids: .infra/run/<server>.pid.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

record=''
install_only=0
servers=()
while (($#)); do
  case $1 in
    --record-started) record=${2:?--record-started needs a file}; shift 2 ;;
    --install-only) install_only=1; shift ;;
    *) is_server "$1" || die "unknown server '$1' (known: ${ALL_SERVERS[*]})"; servers+=("$1"); shift ;;
  esac
done
((${#servers[@]})) || servers=("${ALL_SERVERS[@]}")

# Start timeouts are generous: two shared cores may be busy with a test run and other JVMs.
declare -A START_TIMEOUT=([postgres]=60 [kafka]=120 [registry]=180 [s3]=60 [mail]=60)

# Installs are one at a time (Maven's repository takes no lock; builds need the cores); starts run
# side by side, since most of a JVM's start is waiting.
to_start=()
prepare() {
  local server=$1 pid port t0
  load_server "$server"
  port=$("${server}_port")
  if pid=$(live_pid "$server"); then
    wait_ready "$server" "$pid" "${START_TIMEOUT[$server]}"
    say "$server already up on 127.0.0.1:$port (pid $pid)"
    return 0
  fi
  rm -f "$(pid_file "$server")"
  if port_answers "$port"; then
    die "$server: port $port is taken by a process infra/ did not start (see: ss -ltnp 'sport = :$port')"
  fi
  t0=$(now)
  "${server}_install"
  to_start+=("$server")
  INSTALL_SECONDS[$server]=$(seconds_since "$t0")
}

start() {
  local server=$1 t0 pid
  load_server "$server"
  t0=$(now)
  rotate_log "$server"
  "${server}_start"
  pid=$(<"$(pid_file "$server")")
  wait_ready "$server" "$pid" "${START_TIMEOUT[$server]}"
  say "$server up on 127.0.0.1:$("${server}_port") (pid $pid): install ${INSTALL_SECONDS[$server]} s, start $(seconds_since "$t0") s"
  [[ -z $record ]] || printf '%s\n' "$server" >>"$record"
}

declare -A INSTALL_SECONDS=()
take_lock
if ((install_only)); then
  for server in "${servers[@]}"; do
    load_server "$server"
    t0=$(now)
    "${server}_install"
    say "$server installed in $(seconds_since "$t0") s"
  done
  exit 0
fi
for server in "${servers[@]}"; do prepare "$server"; done
starting=()
for server in "${to_start[@]}"; do
  start "$server" &
  starting+=("$!")
done
failed=0
for pid in "${starting[@]}"; do wait "$pid" || failed=1; done
((failed == 0)) || die "not every server came up: see the lines above and .infra/logs/"
