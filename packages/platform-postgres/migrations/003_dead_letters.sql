-- Messages a consumer group gave up on, until an operator re-drives them (src/postgres-dead-letter-store.ts).
CREATE TABLE dead_letters (
  id                   bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  topic                text        NOT NULL,
  consumer_group       text        NOT NULL,
  event_id             text        NOT NULL,
  message              json        NOT NULL,
  error                text        NOT NULL,
  attempts             integer     NOT NULL,
  deaths               integer     NOT NULL,
  first_dead_at        timestamptz NOT NULL,
  last_dead_at         timestamptz NOT NULL,
  redrive_requested_at timestamptz,
  CONSTRAINT dead_letters_letter_key UNIQUE (topic, consumer_group, event_id)
);

CREATE INDEX dead_letters_requested ON dead_letters (redrive_requested_at, id) WHERE redrive_requested_at IS NOT NULL;
