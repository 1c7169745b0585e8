#!/usr/bin/env bash
# Builds the xades4j verifier (infra/xades4j-verifier) into .infra/xades4j-verifier/: the jar and
# its lib/ of dependencies from Maven Central. Skips the build when the jar is already there.
# Maven's repository cache is ~/.m2 (or MAVEN_REPO_LOCAL), outside the checkout.
#   run: java -jar .infra/xades4j-verifier/xades4j-verifier.jar <signed.xml> <ca.pem> [policy.pdf]
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/.infra/xades4j-verifier"
jar="$out/xades4j-verifier.jar"

if [[ -f "$jar" && -d "$out/lib" && "$jar" -nt infra/xades4j-verifier/src/main/java/co/fe/verifier/Main.java ]]; then
  exit 0
fi
command -v java >/dev/null || { echo "java (17+) is needed to build the xades4j verifier" >&2; exit 1; }
command -v mvn >/dev/null || { echo "mvn is needed to build the xades4j verifier" >&2; exit 1; }

repo=()
[[ -n "${MAVEN_REPO_LOCAL:-}" ]] && repo=("-Dmaven.repo.local=$MAVEN_REPO_LOCAL")
echo "building the xades4j verifier into $out" >&2
mvn -B -q "${repo[@]}" -f infra/xades4j-verifier/pom.xml "-Dverifier.out=$out" package
test -f "$jar"
