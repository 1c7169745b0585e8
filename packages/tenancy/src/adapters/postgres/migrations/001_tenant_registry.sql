-- The tenant registry (../postgres-tenant-directory.ts). Company data, software and resolutions are
-- JSON; every secret is a sealed bytea (secret-box.ts: AES-256-GCM under the master key, sealed in
-- the process before it is sent), never text, so the server, its WAL and its backups hold only
-- ciphertext. The software PIN is sealed_pin, never in the software JSON.
CREATE TABLE tenants (
  id                   text           PRIMARY KEY,
  environment          text           NOT NULL CHECK (environment IN ('1', '2')),
  tenant               jsonb          NOT NULL,
  software             jsonb          NOT NULL,
  sealed_pin           bytea          NOT NULL,
  active_resolution_id text,
  created_at           timestamptz(3) NOT NULL
);
CREATE TABLE resolutions (
  tenant_id  text    NOT NULL REFERENCES tenants (id),
  id         text    NOT NULL,
  ordinal    integer NOT NULL,
  resolution jsonb   NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
-- One per tenant; generation grows on each upload, so a process that cached the loaded credential
-- notices a newer upload made by another.
CREATE TABLE certificates (
  tenant_id       text           PRIMARY KEY REFERENCES tenants (id),
  generation      integer        NOT NULL,
  sealed_p12      bytea          NOT NULL,
  sealed_password bytea          NOT NULL,
  subject         text           NOT NULL,
  not_after       timestamptz(3) NOT NULL,
  stored_at       timestamptz(3) NOT NULL
);
-- At most one current key per tenant (no expiry, not revoked): the partial unique index enforces it.
CREATE TABLE api_keys (
  hash        text           PRIMARY KEY,
  tenant_id   text           NOT NULL REFERENCES tenants (id),
  environment text           NOT NULL CHECK (environment IN ('test', 'live')),
  sealed_key  bytea          NOT NULL,
  created_at  timestamptz(3) NOT NULL,
  expires_at  timestamptz(3),
  revoked_at  timestamptz(3)
);
CREATE UNIQUE INDEX api_keys_one_current ON api_keys (tenant_id) WHERE expires_at IS NULL AND revoked_at IS NULL;
CREATE INDEX api_keys_tenant ON api_keys (tenant_id);
-- Public CA certificates the built-in DIAN simulator must trust; ordinal keeps the order added.
CREATE TABLE trusted_cas (
  ordinal   bigint         GENERATED ALWAYS AS IDENTITY,
  pem       text           PRIMARY KEY,
  tenant_id text           NOT NULL REFERENCES tenants (id),
  added_at  timestamptz(3) NOT NULL
);
