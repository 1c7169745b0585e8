-- The admin portal's accounts, sessions and one-time tokens (../postgres-account-store.ts), as the
-- SQLite store keeps them: sessions and tokens by their SHA-256 only, instants as timestamptz.
CREATE TABLE portal_accounts (
  id            text        PRIMARY KEY,
  email         text        NOT NULL UNIQUE,
  password_hash text        NOT NULL,
  tenant_id     text        NOT NULL UNIQUE,
  confirmed_at  timestamptz(3),
  company_draft jsonb,
  test_set_id   text,
  created_at    timestamptz(3) NOT NULL
);
CREATE TABLE portal_tokens (
  hash       text        PRIMARY KEY,
  account_id text        NOT NULL REFERENCES portal_accounts (id),
  purpose    text        NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  expires_at timestamptz(3) NOT NULL
);
CREATE TABLE portal_sessions (
  hash       text        PRIMARY KEY,
  account_id text        NOT NULL REFERENCES portal_accounts (id),
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX portal_sessions_account ON portal_sessions (account_id);
