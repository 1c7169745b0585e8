-- The invoices each tenant received as a buyer (../postgres-received-invoice-index.ts): the list's keys only, each
-- invoice's view is its stream `rcv-<tenant>-<cufe>`. imported_at keeps milliseconds, as a JavaScript Date does.
CREATE TABLE received_invoices (
  tenant_id   text           NOT NULL,
  cufe        text           NOT NULL,
  imported_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, cufe)
);
CREATE INDEX received_invoices_newest ON received_invoices (tenant_id, imported_at DESC, cufe);
