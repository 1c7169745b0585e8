-- The status read model (../postgres-status-store.ts): the view whole as JSON, and beside it the
-- columns it is looked up by: the cufe per tenant (the status endpoint), the prefix with the
-- numeric consecutive (the ingress's number-allocation hint). Positions are event-store positions.
CREATE TABLE invoice_status (
  invoice_id  text   PRIMARY KEY,
  tenant_id   text   NOT NULL,
  cufe        text   NOT NULL,
  prefix      text   NOT NULL,
  number      bigint NOT NULL,
  document_id text   NOT NULL,
  status      text   NOT NULL,
  stage       text   NOT NULL,
  view        jsonb  NOT NULL,
  position    bigint,
  updated_at  text   NOT NULL,
  CONSTRAINT invoice_status_tenant_cufe UNIQUE (tenant_id, cufe)
);
CREATE INDEX invoice_status_number ON invoice_status (tenant_id, prefix, number);
