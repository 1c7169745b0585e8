import type { AdapterPool } from '@fe/platform-postgres';
import { testSetRunFromJson, testSetRunToJson, type TestSetRun } from '../../test-sets/test-set-run.ts';

/**
 * The test_set_runs table on PostgreSQL (migrations/002_test_set_runs.sql). The claim is one
 * upsert whose condition is the lease, so of two portal processes claiming at once one wins.
 */
export class PostgresTestSetRuns {
  private readonly db: AdapterPool;

  constructor(db: AdapterPool) {
    this.db = db;
  }

  async get(tenantId: string): Promise<TestSetRun | undefined> {
    const { rows } = await this.db.query<{ run: string }>(
      'SELECT run::text AS run FROM test_set_runs WHERE tenant_id = $1',
      [tenantId],
    );
    return rows[0] && testSetRunFromJson(rows[0].run);
  }

  /** The caller checked the tenant exists (the foreign key would refuse it less clearly). */
  async claim(tenantId: string, run: TestSetRun, now: Date): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO test_set_runs (tenant_id, run_id, state, lease_until, run) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id) DO UPDATE SET run_id = excluded.run_id, state = excluded.state, lease_until = excluded.lease_until, run = excluded.run
       WHERE test_set_runs.state <> 'running' OR test_set_runs.lease_until <= $6`,
      [tenantId, run.runId, run.state, run.leaseUntil, testSetRunToJson(run), now],
    );
    return rowCount === 1;
  }

  async save(tenantId: string, run: TestSetRun): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE test_set_runs SET state = $3, lease_until = $4, run = $5 WHERE tenant_id = $1 AND run_id = $2 AND run->>'holder' = $6`,
      [tenantId, run.runId, run.state, run.leaseUntil, testSetRunToJson(run), run.holder],
    );
    return rowCount === 1;
  }
}
