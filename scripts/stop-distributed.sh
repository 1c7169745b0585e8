#!/usr/bin/env bash
# Stops what scripts/start-distributed.sh started, and only that: the pids it recorded (SIGTERM,
# then waits for each to exit: a graceful stop finishes the work in hand), newest first: the admin
# portal, then the ingress so no new request arrives, then the infrastructure servers that start, and not another, brought up.
#   FE_DATA_DIR (default data/distributed): the data folder the start used.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${FE_DATA_DIR:-data/distributed}
run=$data/run
pids=$run/pids
timeout=${FE_STOP_TIMEOUT_SECONDS:-40}

# Only a pid that still runs one of our mains: after a reboot a recorded pid may be someone else's.
ours() { [[ -r /proc/$1/cmdline ]] && tr '\0' ' ' <"/proc/$1/cmdline" | grep -q "$2"; }

if [[ -s $pids ]]; then
  mapfile -t lines < <(tac "$pids") # newest first: the portal, the ingress instances, then the consumers
  for line in "${lines[@]}"; do
    read -r name pid _ <<<"$line"
    if ours "$pid" 'src/.*main\.ts'; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  for line in "${lines[@]}"; do
    read -r name pid _ <<<"$line"
    deadline=$((SECONDS + timeout))
    while kill -0 "$pid" 2>/dev/null && ours "$pid" 'src/.*main\.ts'; do
      if ((SECONDS >= deadline)); then
        echo "$name (pid $pid) did not stop within ${timeout} s: killing it" >&2
        kill -KILL "$pid" 2>/dev/null || true
        break
      fi
      sleep 0.2
    done
    echo "stopped $name (pid $pid)"
  done
  rm -f "$pids"
fi

if [[ -s $run/infra-started ]]; then
  mapfile -t servers <"$run/infra-started"
  bash infra/down.sh "${servers[@]}"
  rm -f "$run/infra-started"
fi
