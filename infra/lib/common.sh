# Shared by infra/up.sh and infra/down.sh: where things live, process ids, readiness polling.
# Everything downloaded, built or written goes under FE_INFRA_HOME (default <checkout>/.infra,
# ignored by git) or the tools' own caches outside the checkout (~/.m2, Go's caches, pip's cache).

FE_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
# shellcheck source=../env.sh
source "$FE_REPO/infra/env.sh"

FE_INFRA_HOME=${FE_INFRA_HOME:-$FE_REPO/.infra}
mkdir -p "$FE_INFRA_HOME"
FE_INFRA_HOME=$(cd "$FE_INFRA_HOME" && pwd -P) # absolute: versitygw refuses a relative folder
RUN_DIR=$FE_INFRA_HOME/run
LOG_DIR=$FE_INFRA_HOME/logs
mkdir -p "$RUN_DIR" "$LOG_DIR"

ALL_SERVERS=(postgres kafka registry s3 mail)

say() { printf 'infra: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

now() { date +%s.%N; }
seconds_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# One up or down at a time (two test runs starting together, a developer's down during a run).
take_lock() {
  exec 9>"$RUN_DIR/lock"
  flock -w 900 9 || die "another infra/up.sh or infra/down.sh held $RUN_DIR/lock for 15 minutes"
}

is_server() {
  local s
  for s in "${ALL_SERVERS[@]}"; do [[ $s == "$1" ]] && return 0; done
  return 1
}

load_server() { source "$FE_REPO/infra/lib/$1.sh"; }

pid_file() { printf '%s/%s.pid' "$RUN_DIR" "$1"; }

# The saved pid of a server, printed only when that process is alive and is still that server:
# a pid file left by a crash or a reboot may name an unrelated process, which we must not signal.
live_pid() {
  local server=$1 file pid
  file=$(pid_file "$server")
  [[ -f $file ]] || return 1
  pid=$(<"$file")
  [[ $pid =~ ^[0-9]+$ ]] && alive "$pid" || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$("${server}_marker")" || return 1
  printf '%s' "$pid"
}

# Alive and not a zombie: a server that died while up.sh (its parent) still runs stays a zombie
# until up.sh exits, and kill -0 alone would call it alive.
alive() {
  local state
  state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
  [[ -n $state && $state != Z ]]
}

port_answers() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

http_answers() { curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null; }

log_file() { printf '%s/%s.log' "$LOG_DIR" "$1"; }

# Keeps the previous run's log as <server>.log.1, so a readiness check reads only this start's lines.
rotate_log() {
  local file
  file=$(log_file "$1")
  [[ -f $file ]] && mv -f "$file" "$file.1"
  : >"$file"
}

# Polls the server's own readiness check every 0.2 s until it passes, the process dies or the
# time runs out; the last two end the run with the log's tail.
wait_ready() {
  local server=$1 pid=$2 timeout=$3 deadline
  deadline=$(awk -v t="$(now)" -v d="$timeout" 'BEGIN { printf "%d", t + d }')
  until "${server}_ready"; do
    if ! alive "$pid"; then
      tail -n 30 "$(log_file "$server")" >&2 || true
      die "$server (pid $pid) exited before it was ready; log: $(log_file "$server")"
    fi
    if (($(date +%s) >= deadline)); then
      tail -n 30 "$(log_file "$server")" >&2 || true
      die "$server (pid $pid) not ready after ${timeout}s; log: $(log_file "$server")"
    fi
    sleep 0.2
  done
}

# Execs a command with only stdin, stdout and stderr open. A server must not inherit the lock's
# descriptor (it would hold the lock for as long as it runs) nor a pipe of whoever called up.sh
# (a caller reading that pipe to its end would wait for the server to exit).
exec_without_inherited_fds() {
  local fd
  for fd in /proc/self/fd/*; do
    fd=${fd##*/}
    if ((fd > 2)); then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
  exec "$@"
}

# Starts a server in its own session (a Ctrl-C in the terminal that ran `up` must not reach it;
# only infra/down.sh stops it, by pid) and saves its pid. The subshell execs setsid, which execs
# the server, so $! is the server itself.
spawn_server() {
  local server=$1
  shift
  (exec_without_inherited_fds setsid "$@") >>"$(log_file "$server")" 2>&1 </dev/null &
  printf '%s' "$!" >"$(pid_file "$server")"
}

# Sends the server's stop signal to its saved pid and waits for that process to exit;
# after the grace time it is killed, and the run says so.
stop_server() {
  local server=$1 grace=${2:-60} pid waited=0
  if ! pid=$(live_pid "$server"); then
    rm -f "$(pid_file "$server")"
    say "$server is not running"
    return 0
  fi
  kill "-$("${server}_stop_signal")" "$pid" 2>/dev/null || true
  while alive "$pid" && ((waited < grace * 5)); do
    sleep 0.2
    waited=$((waited + 1))
  done
  if alive "$pid"; then
    say "$server (pid $pid) still running after ${grace}s: killing it"
    kill -KILL "$pid" 2>/dev/null || true
    while alive "$pid"; do sleep 0.1; done
  fi
  rm -f "$(pid_file "$server")"
  say "$server stopped (pid $pid)"
}

# MAVEN_REPO_LOCAL moves Maven's repository (as in scripts/build-xades4j-verifier.sh).
maven() {
  local repo=()
  [[ -n ${MAVEN_REPO_LOCAL:-} ]] && repo=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL")
  command -v mvn >/dev/null || die "mvn (Maven) is needed: bash scripts/install-system-tools.sh installs it"
  # Maven prints its errors on stdout, with colour codes even under -B: to stderr, without them.
  mvn -B -q "${repo[@]}" "$@" 2>&1 | sed $'s/\e\\[[0-9;]*m//g' >&2
}

need_java() {
  command -v java >/dev/null || die "java (17+) is needed: bash scripts/install-system-tools.sh installs it"
}
