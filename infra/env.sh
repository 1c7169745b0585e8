#!/usr/bin/env bash
# The test servers' fixed loopback ports and the FE_TEST_* variables that point tests at them:
# the contract between infra/ and every *.int.test.ts. One place for each value.
#   source infra/env.sh   exports the variables into the current shell
#   bash infra/env.sh     prints them as `export NAME=value` lines (what vitest's globalSetup reads)
# The S3 keys and the mail user's password are fixed test keys for loopback-only servers, not secrets.

# FE_INFRA_PORT_OFFSET (default 0) moves every port by the same amount, so a second checkout on the machine
# (a fresh clone running .ci/run) starts servers of its own instead of colliding with the first's.
FE_INFRA_PORT_OFFSET=${FE_INFRA_PORT_OFFSET:-0}
FE_INFRA_POSTGRES_PORT=$((55432 + FE_INFRA_PORT_OFFSET))
FE_INFRA_KAFKA_PORT=$((59092 + FE_INFRA_PORT_OFFSET))
FE_INFRA_KAFKA_CONTROLLER_PORT=$((59093 + FE_INFRA_PORT_OFFSET))
FE_INFRA_REGISTRY_PORT=$((58080 + FE_INFRA_PORT_OFFSET))
FE_INFRA_REGISTRY_MANAGEMENT_PORT=$((58081 + FE_INFRA_PORT_OFFSET))
FE_INFRA_S3_PORT=$((59000 + FE_INFRA_PORT_OFFSET))
FE_INFRA_S3_CONSOLE_PORT=$((59001 + FE_INFRA_PORT_OFFSET)) # MinIO only (FE_INFRA_S3_SERVER=minio)
FE_INFRA_MAIL_SMTP_PORT=$((53025 + FE_INFRA_PORT_OFFSET))
FE_INFRA_MAIL_IMAP_PORT=$((53143 + FE_INFRA_PORT_OFFSET))

export FE_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$FE_INFRA_POSTGRES_PORT/postgres"
export FE_TEST_KAFKA_BROKERS="127.0.0.1:$FE_INFRA_KAFKA_PORT"
export FE_TEST_SCHEMA_REGISTRY_URL="http://127.0.0.1:$FE_INFRA_REGISTRY_PORT/apis/ccompat/v7"
export FE_TEST_S3_ENDPOINT="http://127.0.0.1:$FE_INFRA_S3_PORT"
export FE_TEST_S3_ACCESS_KEY="fe-test-access-key"
export FE_TEST_S3_SECRET_KEY="fe-test-secret-key"
export FE_TEST_IMAP_URL="imap://127.0.0.1:$FE_INFRA_MAIL_IMAP_PORT"
export FE_TEST_MAIL_SMTP_URL="smtp://127.0.0.1:$FE_INFRA_MAIL_SMTP_PORT"
export FE_TEST_IMAP_USER="recepcion@fe.test"
export FE_TEST_IMAP_PASSWORD="fe-test-imap-password"

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  for name in FE_TEST_POSTGRES_URL FE_TEST_KAFKA_BROKERS FE_TEST_SCHEMA_REGISTRY_URL \
    FE_TEST_S3_ENDPOINT FE_TEST_S3_ACCESS_KEY FE_TEST_S3_SECRET_KEY \
    FE_TEST_IMAP_URL FE_TEST_MAIL_SMTP_URL FE_TEST_IMAP_USER FE_TEST_IMAP_PASSWORD; do
    printf 'export %s=%s\n' "$name" "${!name}"
  done
fi
