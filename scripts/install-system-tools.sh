#!/usr/bin/env bash
# Installs the programs the tests run (Debian packages), when they are missing.
# Idempotent; needs root (as on these machines and in CI) or tools already present.
#   xmllint   (libxml2-utils)  UBL XSD validation
#   xmlsec1   (xmlsec1)        XML-DSig verification of signed invoices
#   pdftotext/pdftoppm (poppler-utils)  reading and rasterising the PDF
#   openssl                    test certificates, legacy .p12 files
#   java 17 + mvn (openjdk-17-jdk-headless, maven)  the xades4j verifier; Kafka (infra/)
#   PostgreSQL 15 (postgresql-15, with psql)         the integration run's database (infra/)
#   python3 + venv, curl       the registry's Java runtime from PyPI; the servers' smoke tests (infra/)
#   docker-compose (1.29)      `docker-compose config` validates docker-compose.yml (no Docker engine needed)
#   chromium + fonts-liberation  the admin portal's browser tests (headless, driven by playwright-core)
# Go 1.25+ (for the S3 test server, built from the Go module proxy) is not a Debian package in a
# new enough version: it is checked, and its absence reported, not installed.
set -euo pipefail

need=()
command -v xmllint >/dev/null || need+=(libxml2-utils)
command -v xmlsec1 >/dev/null || need+=(xmlsec1)
command -v pdftotext >/dev/null || need+=(poppler-utils)
command -v openssl >/dev/null || need+=(openssl)
command -v java >/dev/null || need+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || need+=(maven)
[[ -x /usr/lib/postgresql/15/bin/initdb ]] || need+=(postgresql-15)
command -v psql >/dev/null || need+=(postgresql-client-15)
command -v curl >/dev/null || need+=(curl)
command -v python3 >/dev/null || need+=(python3)
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
command -v docker-compose >/dev/null || need+=(docker-compose)
command -v chromium >/dev/null || need+=(chromium)
[[ -d /usr/share/fonts/truetype/liberation ]] || need+=(fonts-liberation)

if ((${#need[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "missing system tools: ${need[*]} (install them with apt-get as root)" >&2
    exit 1
  fi
  echo "installing ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Go's own tarball lives in /usr/local/go; infra/lib/s3.sh looks there too.
PATH=$PATH:/usr/local/go/bin
go_version=$(go env GOVERSION 2>/dev/null || true)
if [[ ! $go_version =~ ^go1\.([0-9]+) ]] || ((BASH_REMATCH[1] < 25)); then
  cat >&2 <<MSG
The Go toolchain 1.25 or newer is needed to build the S3 test server (versitygw, infra/lib/s3.sh),
and ${go_version:-no go} was found on PATH. Debian's golang is too old: install Go from
https://go.dev/dl/ (e.g. unpack it into /usr/local/go) and put /usr/local/go/bin on PATH.
MSG
  exit 1
fi
