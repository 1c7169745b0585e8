#!/usr/bin/env bash
# The example Python subscriber's venv (examples/python-subscriber: confluent-kafka and jsonschema from PyPI, pinned in
# its requirements.txt) under .infra/python-subscriber/, one per requirements file; idempotent. Prints the venv's
# python, which the subscriber's e2e test runs.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=examples/python-subscriber/requirements.txt
home=${FE_INFRA_HOME:-$PWD/.infra}
venv=$home/python-subscriber/venv-$(sha256sum "$requirements" | cut -c1-12)
if [[ ! -x $venv/bin/python || ! -f $venv/installed ]]; then
  command -v python3 >/dev/null || { echo "python3 (with venv) is needed: bash scripts/install-system-tools.sh" >&2; exit 1; }
  echo "python subscriber: installing $requirements into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2
  touch "$venv/installed"
fi
echo "$venv/bin/python"
