-- One round trip per number instead of five (the owner's read, then BEGIN, the lock, the insert, COMMIT): the same
-- steps in a function, run as the call's own transaction. A VOLATILE function takes a fresh snapshot for each of its
-- statements, so the MAX after the lock sees every number committed before the lock was granted, as the separate
-- INSERT did. A number past p_max raises FE507 and the call's transaction rolls back with nothing inserted.
CREATE FUNCTION allocate_file_number(p_nit text, p_kind text, p_year integer, p_owner text, p_max bigint)
RETURNS TABLE (year integer, consecutive bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_year integer;
  v_number bigint;
BEGIN
  SELECT f.year, f.consecutive INTO v_year, v_number FROM file_numbers AS f
    WHERE f.nit = p_nit AND f.kind = p_kind AND f.owner = p_owner;
  IF FOUND THEN
    RETURN QUERY SELECT v_year, v_number;
    RETURN;
  END IF;
  -- One counter's allocations queue here; a hash collision only makes two counters wait for each other.
  PERFORM pg_advisory_xact_lock(hashtextextended('file_numbers:' || p_nit || ':' || p_kind || ':' || p_year, 0));
  INSERT INTO file_numbers AS f (nit, kind, year, consecutive, owner)
    SELECT p_nit, p_kind, p_year, COALESCE(MAX(m.consecutive), 0) + 1, p_owner FROM file_numbers AS m
      WHERE m.nit = p_nit AND m.kind = p_kind AND m.year = p_year
    ON CONFLICT (nit, kind, owner) DO NOTHING
    RETURNING f.consecutive INTO v_number;
  IF NOT FOUND THEN
    -- An owner allocated meanwhile by another process: nothing inserted, and its number is read back.
    RETURN QUERY SELECT f.year, f.consecutive FROM file_numbers AS f
      WHERE f.nit = p_nit AND f.kind = p_kind AND f.owner = p_owner;
    RETURN;
  END IF;
  IF v_number > p_max THEN
    RAISE EXCEPTION USING ERRCODE = 'FE507', MESSAGE = format('the %s file counter of %s is full', p_kind, p_year);
  END IF;
  RETURN QUERY SELECT p_year, v_number;
END
$$;
