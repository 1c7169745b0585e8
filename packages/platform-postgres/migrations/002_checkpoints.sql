-- Named positions (src/postgres-checkpoint-store.ts): the relay's "published up to", a projection's "folded up to".
CREATE TABLE checkpoints (
  name     text   PRIMARY KEY,
  position bigint NOT NULL
);
