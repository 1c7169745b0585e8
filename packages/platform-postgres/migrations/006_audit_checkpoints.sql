-- Signed checkpoints of the event store's head (src/postgres-audit-checkpoint-store.ts; docs/platform.md,
-- "Tamper evidence"). Append-only: a checkpoint is never updated.
CREATE TABLE audit_checkpoints (
  seq        bigserial PRIMARY KEY,
  position   bigint    NOT NULL,
  events     bigint    NOT NULL,
  root       text      NOT NULL,
  signed_at  text      NOT NULL,
  public_key text      NOT NULL,
  signature  text      NOT NULL
);
