-- The route a key was first used on: a key belongs to one endpoint. Rows kept from before have NULL and match
-- any endpoint until they are purged (FE_IDEMPOTENCY_TTL_HOURS).
ALTER TABLE idempotency_keys ADD COLUMN endpoint text;
