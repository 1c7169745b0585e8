# An S3 server on 127.0.0.1:59000 with fixed root keys (infra/env.sh), built from the Go module
# proxy through Go's own caches (GOMODCACHE, GOCACHE, outside the checkout) into .infra/bin/.
# It needs Go 1.25+ on PATH or in /usr/local/go.
#
# FE_INFRA_S3_SERVER chooses which:
#   versitygw (default; CI)  maintained, Apache-2.0; ~70 s cold build, ~30 MB idle; objects in .infra/s3/data
#   minio                    the final master build of MinIO's community repository (no longer
#                            maintained); ~150 s cold build; objects in .infra/s3/minio-data
# Both are stopped by the same pid file: to switch, `infra/down.sh s3` first.

S3_SERVER=${FE_INFRA_S3_SERVER:-versitygw}
case $S3_SERVER in
  versitygw)
    S3_MODULE=github.com/versity/versitygw/cmd/versitygw@v1.7.0
    S3_BIN=$FE_INFRA_HOME/bin/versitygw-v1.7.0
    S3_DATA=$FE_INFRA_HOME/s3/data
    S3_HEALTH=/health ;;
  minio)
    # @latest resolves to this pseudo-version; the proxy refuses the last release tag's.
    S3_MODULE=github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
    S3_BIN=$FE_INFRA_HOME/bin/minio-20260212201848
    S3_DATA=$FE_INFRA_HOME/s3/minio-data
    S3_HEALTH=/minio/health/live ;;
  *) die "FE_INFRA_S3_SERVER must be versitygw or minio, not '$S3_SERVER'" ;;
esac

s3_port() { printf '%s' "$FE_INFRA_S3_PORT"; }
s3_marker() { printf '%s/bin/' "$FE_INFRA_HOME"; } # either server's binary
s3_stop_signal() { printf TERM; }
s3_ready() { http_answers "$FE_TEST_S3_ENDPOINT$S3_HEALTH"; }

s3_install() {
  [[ -x $S3_BIN ]] && return 0
  PATH=$PATH:/usr/local/go/bin # where Go's own tarball is unpacked, when it is not on PATH
  command -v go >/dev/null || die "s3: the Go toolchain (1.25+) is needed to build $S3_SERVER and is not on PATH;
  install it from https://go.dev/dl/ (e.g. into /usr/local/go) and put its bin/ on PATH"
  say "s3: building $S3_MODULE from the Go module proxy (a minute or more when Go's caches are cold)"
  local gobin=$FE_INFRA_HOME/bin/.build
  rm -rf "$gobin"
  # GOTOOLCHAIN stays the machine's choice: with `local`, a Go older than the module asks for
  # stops here with go's own clear message.
  GOBIN=$gobin CGO_ENABLED=0 GOFLAGS=-buildvcs=false go install "$S3_MODULE"
  mv "$gobin/$(basename "${S3_MODULE%@*}")" "$S3_BIN"
  rmdir "$gobin"
}

s3_start() {
  mkdir -p "$S3_DATA"
  case $S3_SERVER in
    versitygw)
      # --keep-alive: versitygw otherwise closes the connection after every answer (a TCP connect per request)
      ROOT_ACCESS_KEY=$FE_TEST_S3_ACCESS_KEY ROOT_SECRET_KEY=$FE_TEST_S3_SECRET_KEY \
        spawn_server s3 "$S3_BIN" --port "127.0.0.1:$FE_INFRA_S3_PORT" --health "$S3_HEALTH" --keep-alive \
          posix "$S3_DATA" ;;
    minio)
      MINIO_ROOT_USER=$FE_TEST_S3_ACCESS_KEY MINIO_ROOT_PASSWORD=$FE_TEST_S3_SECRET_KEY MINIO_BROWSER=off \
        spawn_server s3 "$S3_BIN" server "$S3_DATA" --address "127.0.0.1:$FE_INFRA_S3_PORT" \
        --console-address "127.0.0.1:$FE_INFRA_S3_CONSOLE_PORT" --quiet ;;
  esac
}
