-- Login failures and form posts counted per key in expiring windows (../postgres-attempt-store.ts),
-- shared by every portal instance. The key is an HMAC of the email or client address, never either.
CREATE TABLE portal_attempts (
  key        text           PRIMARY KEY,
  count      integer        NOT NULL,
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX portal_attempts_expires_at ON portal_attempts (expires_at);
