#!/usr/bin/env bash
# Installs the independent checkers the tests run (Debian packages), when they are missing.
# Idempotent; needs root (as on these machines and in CI) or tools already present.
#   xmllint   (libxml2-utils)  UBL XSD validation
#   xmlsec1   (xmlsec1)        XML-DSig verification of signed invoices
#   pdftotext/pdftoppm (poppler-utils)  reading and rasterising the PDF
#   openssl                    test certificates, legacy .p12 files
set -euo pipefail

need=()
command -v xmllint >/dev/null || need+=(libxml2-utils)
command -v xmlsec1 >/dev/null || need+=(xmlsec1)
command -v pdftotext >/dev/null || need+=(poppler-utils)
command -v openssl >/dev/null || need+=(openssl)

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
