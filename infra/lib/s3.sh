# An S3 server on 127.0.0.1:59000 with fixed root keys (infra/env.sh), objects in .infra/s3/data.
# versitygw (maintained, Apache-2.0), built from the Go module proxy: ~70 s cold against MinIO's
# ~150 s, and MinIO's community repository is no longer maintained.
# The build goes through Go's own caches (GOMODCACHE, GOCACHE) outside the checkout; the binary
# into .infra/bin/. It needs Go 1.25+ (versitygw's go.mod asks for it) on PATH or in /usr/local/go.

VERSITYGW_VERSION=v1.7.0
S3_BIN=$FE_INFRA_HOME/bin/versitygw-$VERSITYGW_VERSION
S3_DATA=$FE_INFRA_HOME/s3/data

s3_port() { printf '%s' "$FE_INFRA_S3_PORT"; }
s3_marker() { printf '%s' "$S3_BIN"; }
s3_stop_signal() { printf TERM; }
s3_ready() { http_answers "$FE_TEST_S3_ENDPOINT/health"; }

s3_install() {
  [[ -x $S3_BIN ]] && return 0
  PATH=$PATH:/usr/local/go/bin # where Go's own tarball is unpacked, when it is not on PATH
  command -v go >/dev/null || die "s3: the Go toolchain (1.25+) is needed to build versitygw and is not on PATH;
  install it from https://go.dev/dl/ (e.g. into /usr/local/go) and put its bin/ on PATH"
  say "s3: building versitygw $VERSITYGW_VERSION from the Go module proxy (about a minute when Go's caches are cold)"
  local gobin=$FE_INFRA_HOME/bin/.build
  rm -rf "$gobin"
  # GOTOOLCHAIN defaults to the machine's choice; `local` here would refuse a Go older than 1.25
  # with go's own clear message.
  GOBIN=$gobin CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
    go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION"
  mv "$gobin/versitygw" "$S3_BIN"
  rmdir "$gobin"
}

s3_start() {
  mkdir -p "$S3_DATA"
  ROOT_ACCESS_KEY=$FE_TEST_S3_ACCESS_KEY ROOT_SECRET_KEY=$FE_TEST_S3_SECRET_KEY \
    spawn_server s3 "$S3_BIN" --port "127.0.0.1:$FE_INFRA_S3_PORT" --health /health posix "$S3_DATA"
}
