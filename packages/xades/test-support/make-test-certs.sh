#!/usr/bin/env bash
# Test certificates for the signer (never committed: the tests run this into a temp dir).
#   bash make-test-certs.sh <out-dir> [password]
# Writes, into <out-dir>:
#   ca.pem, other-ca.pem                 a test root CA (trusted by the tests) and an unrelated one
#   tenant.p12                           valid RSA-2048, digitalSignature+nonRepudiation, modern AES (PBES2)
#   tenant-rc2.p12, tenant-3des.p12      the same key and chain with legacy RC2-40 and 3DES encryption
#   tenant-legacy.p12                    `openssl pkcs12 -legacy` defaults (RC2-40 certs, 3DES key)
#   expired.p12, not-yet-valid.p12, no-digital-signature.p12, no-non-repudiation.p12, rsa1024.p12,
#   no-key.p12 (certificates only)
# Every .p12 holds the leaf then the CA certificate, and uses the same password.
set -euo pipefail
out=${1:?usage: make-test-certs.sh <out-dir> [password]}
pass=${2:-prueba-firma-123}
mkdir -p "$out"
cd "$out"
export OPENSSL_CONF=/dev/null # ignore the machine's openssl.cnf; everything is given here

# The CA's name carries a comma, an ampersand and an e-mail attribute on purpose: they exercise
# RFC 4514 escaping, XML escaping and the #hex form of X509IssuerName.
ca_subj='/C=CO/O=Firmas & Pruebas, S.A.S./OU=Certificacion de pruebas/CN=FE Test Root CA/emailAddress=ca@pruebas.example'

# Serials stay under 2^64: libxml2 (xmllint) cannot hold an xs:integer of more than 24 digits, and
# X509SerialNumber is an xs:integer; real CAs' 20-byte serials trip it (xades4j and DIAN do not care).
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 7300 -sha256 -set_serial 0x5A17C0DE20250001 \
  -subj "$ca_subj" -addext 'basicConstraints=critical,CA:TRUE' -addext 'keyUsage=critical,keyCertSign,cRLSign' 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout other-ca.key -out other-ca.pem -days 7300 -sha256 \
  -subj '/C=CO/O=Otra CA/CN=Untrusted Test CA' 2>/dev/null

# `openssl ca` is the only OpenSSL 3.0 command that takes explicit validity dates.
mkdir -p ca-db && : > ca-db/index.txt && echo 7E57CAFE00001000 > ca-db/serial
cat > ca.cnf <<'CNF'
[ca]
default_ca = test
[test]
database = ca-db/index.txt
new_certs_dir = ca-db
certificate = ca.pem
private_key = ca.key
default_md = sha256
policy = any
unique_subject = no
copy_extensions = none
serial = ca-db/serial
[any]
countryName = optional
organizationName = optional
commonName = supplied
serialNumber = optional
[signing]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = emailProtection
[digsig_only]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
[encipher_only]
basicConstraints = critical, CA:FALSE
keyUsage = critical, keyEncipherment
CNF

# issue <name> <bits> <extensions section> <start YYYYMMDDHHMMSSZ> <end>
issue() {
  openssl req -new -newkey "rsa:$2" -nodes -keyout "$1.key" -out "$1.csr" \
    -subj "/C=CO/O=Empresa de Pruebas S.A.S./serialNumber=900123456/CN=$1 (pruebas)" 2>/dev/null
  openssl ca -batch -config ca.cnf -extensions "$3" -startdate "$4" -enddate "$5" \
    -in "$1.csr" -out "$1.pem" -notext 2>/dev/null
}
now=$(date -u -d '-1 day' +%Y%m%d%H%M%SZ)
later=$(date -u -d '+5 years' +%Y%m%d%H%M%SZ)
issue tenant 2048 signing "$now" "$later"
issue expired 2048 signing 20200101000000Z 20210101000000Z
issue not-yet-valid 2048 signing 20900101000000Z 20950101000000Z
issue no-digital-signature 2048 encipher_only "$now" "$later"
issue no-non-repudiation 2048 digsig_only "$now" "$later"
issue rsa1024 1024 signing "$now" "$later"

p12() { openssl pkcs12 -export -inkey "$2.key" -in "$2.pem" -certfile ca.pem -passout "pass:$pass" -out "$1.p12" "${@:3}"; }
p12 tenant tenant                              # OpenSSL 3 default: PBES2/AES-256-CBC, SHA-256 MAC
p12 tenant-legacy tenant -legacy
p12 tenant-rc2 tenant -legacy -keypbe PBE-SHA1-RC2-40 -certpbe PBE-SHA1-RC2-40
p12 tenant-3des tenant -legacy -keypbe PBE-SHA1-3DES -certpbe PBE-SHA1-3DES
for name in expired not-yet-valid no-digital-signature no-non-repudiation rsa1024; do p12 "$name" "$name"; done
openssl pkcs12 -export -nokeys -in tenant.pem -certfile ca.pem -passout "pass:$pass" -out no-key.p12

rm -f ./*.csr
