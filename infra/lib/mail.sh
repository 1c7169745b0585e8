# GreenMail 2.1.13 standalone (Java): SMTP on 127.0.0.1:53025 and IMAP on :53143, one mail store
# in memory (a restart empties it). The jar from Maven Central (com.icegreen:greenmail-standalone)
# in .infra/mail/; the system's Java 17. Its HTTP API stays off (no third port).
#
# Users: the fixed test user FE_TEST_IMAP_USER / FE_TEST_IMAP_PASSWORD (infra/env.sh), logging in
# with its whole address; and any address that receives a mail over SMTP is made a user on the spot,
# its password the address itself: a test gets a mailbox of its own by mailing a fresh address.

MAIL_VERSION=2.1.13
MAIL_DIR=$FE_INFRA_HOME/mail
MAIL_JAR=$MAIL_DIR/greenmail-standalone-$MAIL_VERSION.jar
# A small heap is plenty: the tests' largest mail is just over 10 MB.
MAIL_JVM=(-Xms32m -Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1)

mail_port() { printf '%s' "$FE_INFRA_MAIL_IMAP_PORT"; }
mail_marker() { printf '%s' "$MAIL_JAR"; }
mail_stop_signal() { printf TERM; }

# Ready when both servers greet: SMTP with 220, IMAP with an untagged OK.
mail_ready() { mail_greets "$FE_INFRA_MAIL_SMTP_PORT" '^220 ' && mail_greets "$FE_INFRA_MAIL_IMAP_PORT" '^\* OK'; }

mail_greets() {
  timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/$0 && IFS= read -r line <&3 && [[ $line =~ $1 ]]' "$1" "$2" 2>/dev/null
}

mail_install() {
  need_java
  [[ -f $MAIL_JAR ]] && return 0
  say "mail: copying greenmail-standalone $MAIL_VERSION from Maven Central into $MAIL_DIR"
  mkdir -p "$MAIL_DIR"
  rm -rf "$MAIL_DIR/maven" "$MAIL_DIR/partial"
  mkdir -p "$MAIL_DIR/maven"
  # As for the registry: without a pom the plugin writes markers into the working folder, a scratch one.
  (cd "$MAIL_DIR/maven" && maven org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
    "-Dartifact=com.icegreen:greenmail-standalone:$MAIL_VERSION" "-DoutputDirectory=$MAIL_DIR/partial")
  rm -rf "$MAIL_DIR/maven"
  [[ -f $MAIL_DIR/partial/greenmail-standalone-$MAIL_VERSION.jar ]] || die "mail: no jar in $MAIL_DIR/partial"
  mv "$MAIL_DIR/partial/greenmail-standalone-$MAIL_VERSION.jar" "$MAIL_JAR"
  rm -rf "$MAIL_DIR/partial"
}

mail_start() {
  # up.sh checked the IMAP port (mail_port); the SMTP port is this server's too.
  if port_answers "$FE_INFRA_MAIL_SMTP_PORT"; then
    die "mail: port $FE_INFRA_MAIL_SMTP_PORT is taken by a process infra/ did not start (see: ss -ltnp 'sport = :$FE_INFRA_MAIL_SMTP_PORT')"
  fi
  mkdir -p "$MAIL_DIR"
  local user=${FE_TEST_IMAP_USER%@*} domain=${FE_TEST_IMAP_USER#*@}
  (cd "$MAIL_DIR" && spawn_server mail java "${MAIL_JVM[@]}" \
    -Dgreenmail.smtp.hostname=127.0.0.1 "-Dgreenmail.smtp.port=$FE_INFRA_MAIL_SMTP_PORT" \
    -Dgreenmail.imap.hostname=127.0.0.1 "-Dgreenmail.imap.port=$FE_INFRA_MAIL_IMAP_PORT" \
    "-Dgreenmail.users=$user:$FE_TEST_IMAP_PASSWORD@$domain" -Dgreenmail.users.login=email \
    -jar "$MAIL_JAR")
}
