# Apache Kafka 4.2, KRaft, one node (broker + controller) on 127.0.0.1:59092 / :59093.
# Jars from Maven Central (infra/kafka/pom.xml) in .infra/kafka/lib; data in .infra/kafka/data.

KAFKA_DIR=$FE_INFRA_HOME/kafka
KAFKA_LIB=$KAFKA_DIR/lib
KAFKA_DATA=$KAFKA_DIR/data
KAFKA_CONFIG=$KAFKA_DIR/server.properties
KAFKA_JVM=(-Xms128m -Xmx512m -XX:+UseG1GC "-Dlog4j2.configurationFile=$FE_REPO/infra/kafka/log4j2.xml")

kafka_port() { printf '%s' "$FE_INFRA_KAFKA_PORT"; }
kafka_marker() { printf 'kafka.Kafka %s' "$KAFKA_CONFIG"; }
kafka_stop_signal() { printf TERM; } # a controlled shutdown
kafka_ready() {
  grep -q 'Kafka Server started' "$(log_file kafka)" && port_answers "$FE_INFRA_KAFKA_PORT"
}

# Copies the jars again only when the pom changed since the last copy.
kafka_install() {
  need_java
  local stamp=$KAFKA_LIB/.pom.sha256 want
  want=$(sha256sum "$FE_REPO/infra/kafka/pom.xml" | cut -d' ' -f1)
  [[ -f $stamp && $(<"$stamp") == "$want" ]] && return 0
  say "kafka: copying the jars from Maven Central into $KAFKA_LIB"
  rm -rf "$KAFKA_LIB"
  maven -f "$FE_REPO/infra/kafka/pom.xml" dependency:copy-dependencies \
    "-DoutputDirectory=$KAFKA_LIB" -DincludeScope=runtime
  printf '%s' "$want" >"$stamp"
}

kafka_start() {
  mkdir -p "$KAFKA_DATA"
  sed -e "s|@PORT@|$FE_INFRA_KAFKA_PORT|g" -e "s|@CONTROLLER_PORT@|$FE_INFRA_KAFKA_CONTROLLER_PORT|g" \
    -e "s|@DATA_DIR@|$KAFKA_DATA|g" "$FE_REPO/infra/kafka/server.properties" >"$KAFKA_CONFIG"
  if [[ ! -f $KAFKA_DATA/meta.properties ]]; then
    local cluster_id
    cluster_id=$(java "${KAFKA_JVM[@]}" -cp "$KAFKA_LIB/*" kafka.tools.StorageTool random-uuid 2>>"$(log_file kafka)")
    java "${KAFKA_JVM[@]}" -cp "$KAFKA_LIB/*" kafka.tools.StorageTool format -t "$cluster_id" \
      -c "$KAFKA_CONFIG" --ignore-formatted >>"$(log_file kafka)" 2>&1 ||
      die "kafka: formatting $KAFKA_DATA failed; log: $(log_file kafka)"
  fi
  spawn_server kafka java "${KAFKA_JVM[@]}" -cp "$KAFKA_LIB/*" kafka.Kafka "$KAFKA_CONFIG"
}
