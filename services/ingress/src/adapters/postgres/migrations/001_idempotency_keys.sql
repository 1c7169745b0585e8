-- Idempotency-Key bookkeeping (../postgres-idempotency-store.ts): one row per tenant and key.
-- response is the finished request's answer, kept as written (json, not jsonb: replayed exactly);
-- store_head an event-store position; instants keep milliseconds, as the JavaScript Dates they come from.
CREATE TABLE idempotency_keys (
  tenant_id    text           NOT NULL,
  key          text           NOT NULL,
  request_hash text           NOT NULL,
  response     json,
  lease_until  timestamptz(3) NOT NULL,
  store_head   bigint         NOT NULL,
  created_at   timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
