-- The annex's file counter (src/adapters/postgres/postgres-file-counter.ts; docs/choices.md, "File names"):
-- one row per file, numbered per issuer NIT, kind and year. Rows are never updated or deleted.
CREATE TABLE file_numbers (
  nit          text        NOT NULL,
  kind         text        NOT NULL,
  year         integer     NOT NULL,
  consecutive  bigint      NOT NULL,
  owner        text        NOT NULL,
  allocated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (nit, kind, year, consecutive),
  UNIQUE (nit, kind, owner)
);
