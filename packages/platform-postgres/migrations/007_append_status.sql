-- A lost race as a status, not an exception: try_append_events returns the actual version in `conflict`
-- (next_version NULL) where append_events raised FE409. The exception aborted the call's transaction,
-- logged an ERROR and, through node-postgres's pool.query, cost the connection; ingress instances
-- racing for a number lose such races all day. append_events keeps its contract (a process of the
-- previous release, mid-deploy) and is now this function plus the raise.
CREATE FUNCTION try_append_events(p_stream text, p_expected text, p_events json, p_trace_context json DEFAULT NULL)
RETURNS TABLE (next_version bigint, positions bigint[], recorded_at text, digests text[], conflict text)
LANGUAGE plpgsql AS $$
DECLARE
  v_count   bigint := json_array_length(p_events);
  v_next    bigint;
  v_actual  bigint;
  v_at      timestamptz;
  v_version bigint;
  v_event   json;
  v_digest  text;
  v_positions bigint[] := '{}';
  v_digests text[] := '{}';
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
    RETURN QUERY SELECT NULL::bigint, NULL::bigint[], NULL::text, NULL::text[], coalesce(v_actual::text, 'no_stream');
    RETURN;
  END IF;

  -- The commit lock: one per events table (its oid), so two schemas in one database do not wait on each other.
  PERFORM pg_advisory_xact_lock(1178952, 'events'::regclass::oid::integer);
  v_at := date_trunc('milliseconds', clock_timestamp());
  v_version := v_next - v_count;
  SELECT e.digest INTO v_digest FROM events AS e WHERE e.stream = p_stream AND e.version = v_version;
  v_digest := coalesce(v_digest, repeat('0', 64));
  FOR v_event IN SELECT value FROM json_array_elements(p_events) LOOP
    v_version := v_version + 1;
    v_digest := encode(sha256(convert_to(v_digest || E'\n' || p_stream || E'\n' || v_version || E'\n' || v_event::text, 'UTF8')), 'hex');
    INSERT INTO events (position, stream, version, event_id, type, envelope, recorded_at, trace_context, digest)
      VALUES (nextval('events_position_seq'), p_stream, v_version, v_event->>'id', v_event->>'type', v_event, v_at, p_trace_context, v_digest);
    v_positions := v_positions || currval('events_position_seq');
    v_digests := v_digests || v_digest;
  END LOOP;
  RETURN QUERY SELECT v_next, v_positions, to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), v_digests, NULL::text;
END
$$;

CREATE OR REPLACE FUNCTION append_events(p_stream text, p_expected text, p_events json, p_trace_context json DEFAULT NULL)
RETURNS TABLE (next_version bigint, positions bigint[], recorded_at text, digests text[])
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT * INTO r FROM try_append_events(p_stream, p_expected, p_events, p_trace_context);
  IF r.conflict IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'FE409', MESSAGE = 'wrong expected version', DETAIL = r.conflict;
  END IF;
  RETURN QUERY SELECT r.next_version, r.positions, r.recorded_at, r.digests;
END
$$;
