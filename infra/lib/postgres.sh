# PostgreSQL 15 from Debian on 127.0.0.1:55432, trust authentication on loopback, data in
# .infra/postgres/data. initdb refuses root, so as root the server runs as the `postgres` user the
# Debian package creates; as any other user it runs as that user.
#
# FE_INFRA_POSTGRES_SETTINGS: server settings for this test cluster. The default turns durability
# off (fsync, synchronous commit, full-page writes) because tests never survive a power cut; a
# bench that claims durability passes its own after `infra/down.sh postgres`: e.g.
# FE_INFRA_POSTGRES_SETTINGS='-c fsync=on', or empty for PostgreSQL's durable defaults.

PG_BIN=${FE_INFRA_PG_BIN:-/usr/lib/postgresql/15/bin}
PG_DIR=$FE_INFRA_HOME/postgres
PG_SETTINGS=${FE_INFRA_POSTGRES_SETTINGS--c fsync=off -c synchronous_commit=off -c full_page_writes=off}

postgres_port() { printf '%s' "$FE_INFRA_POSTGRES_PORT"; }
postgres_marker() { printf '%s/postgres' "$PG_BIN"; }
postgres_stop_signal() { printf INT; } # PostgreSQL's "fast" shutdown: ends sessions, then a clean checkpoint
postgres_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$FE_INFRA_POSTGRES_PORT" -t 2; }

PG_AS=()
if (($(id -u) == 0)); then PG_AS=(runuser -u postgres --); fi

# The data folder. As root it must be reachable by the postgres user; a checkout under a private
# home (e.g. /root) is not, and then the data lives in /tmp with a link from .infra/postgres/data.
postgres_data() {
  if (($(id -u) != 0)) || runuser -u postgres -- test -x "$PG_DIR"; then
    printf '%s/data' "$PG_DIR"
  else
    printf '/tmp/fe-infra-postgres-%s/data' "$(printf '%s' "$PG_DIR" | sha256sum | cut -c1-12)"
  fi
}

postgres_install() {
  if [[ ! -x $PG_BIN/initdb ]]; then
    say "postgres: $PG_BIN/initdb is missing; installing Debian's postgresql-15"
    bash "$FE_REPO/scripts/install-system-tools.sh"
  fi
  [[ -x $PG_BIN/initdb ]] || die "postgres: no $PG_BIN/initdb (Debian package postgresql-15)"
}

postgres_start() {
  mkdir -p "$PG_DIR"
  local data log
  data=$(postgres_data)
  log=$(log_file postgres)
  if (($(id -u) == 0)); then
    chown postgres: "$PG_DIR"
    mkdir -p "$(dirname "$data")" && chown postgres: "$(dirname "$data")"
    [[ $data == "$PG_DIR/data" ]] || ln -sfn "$data" "$PG_DIR/data"
  fi
  if [[ ! -f $data/PG_VERSION ]]; then
    "${PG_AS[@]}" "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-sync >>"$log" 2>&1 ||
      die "postgres: initdb failed; log: $log"
  fi
  # In its own session, like every server here; pg_ctl -w waits until it accepts connections.
  # Without -l the server writes to the log opened here. The pid is the postmaster's own.
  (exec_without_inherited_fds setsid -w "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$data" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $FE_INFRA_POSTGRES_PORT -k $data $PG_SETTINGS" start) \
    >>"$log" 2>&1 </dev/null || die "postgres: pg_ctl start failed; log: $log"
  head -n 1 "$data/postmaster.pid" >"$(pid_file postgres)"
}
