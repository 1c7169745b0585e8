import type { DatabaseSync } from 'node:sqlite';
import { immediate } from '@fe/platform';

/**
 * The tenant registry's tables on `node:sqlite`: company data as JSON, every secret a sealed BLOB, at most one
 * current API key per tenant (a partial unique index); older files are upgraded when opened.
 */
export const SCHEMA_VERSION = 6;

export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS tenants (
    id                   TEXT    PRIMARY KEY,
    environment          TEXT    NOT NULL CHECK (environment IN ('1', '2')),
    tenant               TEXT    NOT NULL,
    software             TEXT    NOT NULL,
    active_resolution_id TEXT,
    created_at           INTEGER NOT NULL,
    sealed_pin           BLOB,
    note_numbering       TEXT,
    tacit_acceptance     TEXT,
    contingency          TEXT
  );
  CREATE TABLE IF NOT EXISTS resolutions (
    tenant_id  TEXT    NOT NULL REFERENCES tenants (id),
    id         TEXT    NOT NULL,
    ordinal    INTEGER NOT NULL,
    resolution TEXT    NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  CREATE TABLE IF NOT EXISTS certificates (
    tenant_id       TEXT    PRIMARY KEY REFERENCES tenants (id),
    generation      INTEGER NOT NULL,
    sealed_p12      BLOB    NOT NULL,
    sealed_password BLOB    NOT NULL,
    chain_pem       TEXT,
    subject         TEXT    NOT NULL,
    not_after       INTEGER NOT NULL,
    stored_at       INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS api_keys (
    hash        TEXT    PRIMARY KEY,
    tenant_id   TEXT    NOT NULL REFERENCES tenants (id),
    environment TEXT    NOT NULL CHECK (environment IN ('test', 'live')),
    sealed_key  BLOB    NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER,
    revoked_at  INTEGER
  );
  CREATE UNIQUE INDEX IF NOT EXISTS api_keys_one_current ON api_keys (tenant_id) WHERE expires_at IS NULL AND revoked_at IS NULL;
  CREATE TABLE IF NOT EXISTS trusted_cas (
    pem       TEXT    PRIMARY KEY,
    tenant_id TEXT    NOT NULL REFERENCES tenants (id),
    added_at  INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS test_set_runs (
    tenant_id   TEXT    PRIMARY KEY REFERENCES tenants (id),
    run_id      TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('running', 'passed', 'failed')),
    lease_until INTEGER NOT NULL,
    run         TEXT    NOT NULL
  );`;

export type TenantRow = {
  id: string;
  environment: string;
  tenant: string;
  software: string;
  active_resolution_id: string | null;
  sealed_pin: Uint8Array | null;
  note_numbering: string | null;
  tacit_acceptance: string | null;
  contingency: string | null;
};
export type SealedCertificateRow = { generation: number; sealed_p12: Uint8Array; sealed_password: Uint8Array };
export type ApiKeyRow = { hash: string; tenant_id: string; expires_at: number | null; revoked_at: number | null };

/**
 * Version 2 → 3: the note numbering column; 3 → 4: the tacit acceptance setting; 4 → 5: the contingency
 * setting; 5 → 6: the certificate's public chain (NULL for an older upload: derived once when first asked).
 * Each added once (inside the write lock: two processes may open the file at once).
 */
export function addLaterColumns(db: DatabaseSync): void {
  immediate(db, () => {
    const columns = db.prepare("SELECT name FROM pragma_table_info('tenants')").all() as { name: string }[];
    if (!columns.some((column) => column.name === 'note_numbering'))
      db.exec('ALTER TABLE tenants ADD COLUMN note_numbering TEXT');
    if (!columns.some((column) => column.name === 'tacit_acceptance'))
      db.exec('ALTER TABLE tenants ADD COLUMN tacit_acceptance TEXT');
    if (!columns.some((column) => column.name === 'contingency'))
      db.exec('ALTER TABLE tenants ADD COLUMN contingency TEXT');
    const certificateColumns = db.prepare("SELECT name FROM pragma_table_info('certificates')").all() as {
      name: string;
    }[];
    if (!certificateColumns.some((column) => column.name === 'chain_pem'))
      db.exec('ALTER TABLE certificates ADD COLUMN chain_pem TEXT');
  });
}
