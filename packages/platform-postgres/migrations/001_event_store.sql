-- The event store (src/postgres-event-store.ts). One row per event; one row per stream holding its
-- version, locked by each append to that stream, so two appends can never pass one expectation.
CREATE TABLE streams (
  stream  text   PRIMARY KEY,
  version bigint NOT NULL
);

CREATE SEQUENCE events_position_seq AS bigint;

CREATE TABLE events (
  position    bigint      PRIMARY KEY,
  stream      text        NOT NULL,
  version     bigint      NOT NULL,
  event_id    text        NOT NULL,
  type        text        NOT NULL,
  -- json, not jsonb: the envelope's text is kept as written (key order included).
  envelope    json        NOT NULL,
  recorded_at timestamptz NOT NULL,
  CONSTRAINT events_event_id_key UNIQUE (event_id),
  CONSTRAINT events_stream_version_key UNIQUE (stream, version)
);

ALTER SEQUENCE events_position_seq OWNED BY events.position;

-- One append, atomic, in one round trip. The stream's row is locked first (its expectation
-- checked), then the store's commit lock: positions are taken under that lock, which is held until
-- the transaction ends, so appends commit in position order and a reader of
-- `position > $after` never sees a position before a lower one commits (ports/event-store.ts).
-- A wrong expectation raises SQLSTATE FE409 with the actual version in DETAIL.
CREATE FUNCTION append_events(p_stream text, p_expected text, p_events json)
RETURNS TABLE (next_version bigint, positions bigint[], recorded_at text)
LANGUAGE plpgsql AS $$
DECLARE
  v_count   bigint := json_array_length(p_events);
  v_next    bigint;
  v_actual  bigint;
  v_at      timestamptz;
  v_version bigint;
  v_event   json;
  v_positions bigint[] := '{}';
BEGIN
  IF p_expected = 'no_stream' THEN
    INSERT INTO streams AS s (stream, version) VALUES (p_stream, v_count - 1)
      ON CONFLICT (stream) DO NOTHING RETURNING s.version INTO v_next;
  ELSIF p_expected = 'any' THEN
    INSERT INTO streams AS s (stream, version) VALUES (p_stream, v_count - 1)
      ON CONFLICT (stream) DO UPDATE SET version = s.version + v_count RETURNING s.version INTO v_next;
  ELSE
    UPDATE streams AS s SET version = s.version + v_count
      WHERE s.stream = p_stream AND (p_expected = 'stream_exists' OR s.version = p_expected::bigint)
      RETURNING s.version INTO v_next;
  END IF;
  IF v_next IS NULL THEN
    SELECT s.version INTO v_actual FROM streams AS s WHERE s.stream = p_stream;
    RAISE EXCEPTION USING ERRCODE = 'FE409', MESSAGE = 'wrong expected version',
      DETAIL = coalesce(v_actual::text, 'no_stream');
  END IF;

  -- The commit lock: one per events table (its oid), so two schemas in one database do not wait on each other.
  PERFORM pg_advisory_xact_lock(1178952, 'events'::regclass::oid::integer);
  v_at := date_trunc('milliseconds', clock_timestamp());
  v_version := v_next - v_count;
  FOR v_event IN SELECT value FROM json_array_elements(p_events) LOOP
    v_version := v_version + 1;
    INSERT INTO events (position, stream, version, event_id, type, envelope, recorded_at)
      VALUES (nextval('events_position_seq'), p_stream, v_version, v_event->>'id', v_event->>'type', v_event, v_at);
    v_positions := v_positions || currval('events_position_seq');
  END LOOP;
  RETURN QUERY SELECT v_next, v_positions, to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
END
$$;
