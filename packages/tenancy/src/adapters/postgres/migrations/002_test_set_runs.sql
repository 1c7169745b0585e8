-- The habilitación test-set run of each tenant (../../../test-sets/test-set-run.ts), shared by every
-- portal and submitter process. run_id, state and lease_until are columns because the claim's
-- condition reads them; the rest of the run (progress, rejections) is the JSON.
CREATE TABLE test_set_runs (
  tenant_id   text           PRIMARY KEY REFERENCES tenants (id),
  run_id      text           NOT NULL,
  state       text           NOT NULL CHECK (state IN ('running', 'passed', 'failed')),
  lease_until timestamptz(3) NOT NULL,
  run         jsonb          NOT NULL
);
