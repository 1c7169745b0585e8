-- Each tenant's reception mailbox (../postgres-reception-mailbox-store.ts): the password sealed under the master key.
CREATE TABLE reception_mailboxes (
  tenant_id  text           PRIMARY KEY,
  url        text           NOT NULL,
  login      text           NOT NULL,
  folder     text           NOT NULL,
  password   bytea          NOT NULL,
  updated_at timestamptz(3) NOT NULL
);
