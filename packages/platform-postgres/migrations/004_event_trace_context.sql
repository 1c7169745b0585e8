-- Each event keeps the W3C trace context it was appended in (traceparent, tracestate), so the relay,
-- in its own process, publishes it in the message's headers and the consumers continue the trace
-- (docs/observability.md). Transport, not domain: beside the envelope, never in it. Empty for the
-- events stored before.
ALTER TABLE events ADD COLUMN trace_context json;

-- append_events with the context as a fourth argument, stored on every event of the append. Its
-- default keeps a three-argument call (a process of the previous release, mid-deploy) working.
DROP FUNCTION append_events(text, text, json);
CREATE FUNCTION append_events(p_stream text, p_expected text, p_events json, p_trace_context json DEFAULT NULL)
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
    INSERT INTO events (position, stream, version, event_id, type, envelope, recorded_at, trace_context)
      VALUES (nextval('events_position_seq'), p_stream, v_version, v_event->>'id', v_event->>'type', v_event, v_at, p_trace_context);
    v_positions := v_positions || currval('events_position_seq');
  END LOOP;
  RETURN QUERY SELECT v_next, v_positions, to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
END
$$;
