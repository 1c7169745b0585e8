-- Wakes whoever listens for appends (the relay) instead of making it poll: NOTIFY goes out at commit, once per
-- transaction and channel. The channel is per schema (two deployments or test runs in one database stay apart),
-- cut to PostgreSQL's 63-byte limit the way appendsChannel() cuts it.
CREATE FUNCTION notify_events_appended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(left('fe_appended_' || TG_TABLE_SCHEMA, 63), '');
  RETURN NULL;
END
$$;

CREATE TRIGGER events_appended AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_events_appended();
