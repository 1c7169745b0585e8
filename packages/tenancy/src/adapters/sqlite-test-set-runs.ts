import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { testSetRunFromJson, testSetRunToJson, type TestSetRun } from '../test-sets/test-set-run.ts';

/**
 * The test_set_runs table (sqlite-schema.ts). The claim is one upsert whose condition is the lease,
 * so of two processes on the same file claiming at once one wins.
 */
export class SqliteTestSetRuns {
  private readonly select: StatementSync;
  private readonly upsert: StatementSync;
  private readonly update: StatementSync;

  constructor(db: DatabaseSync) {
    this.select = db.prepare('SELECT run FROM test_set_runs WHERE tenant_id = ?');
    this.upsert =
      db.prepare(`INSERT INTO test_set_runs (tenant_id, run_id, state, lease_until, run) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (tenant_id) DO UPDATE SET run_id = excluded.run_id, state = excluded.state, lease_until = excluded.lease_until, run = excluded.run
      WHERE test_set_runs.state <> 'running' OR test_set_runs.lease_until <= ?`);
    this.update = db.prepare(
      `UPDATE test_set_runs SET state = ?, lease_until = ?, run = ? WHERE tenant_id = ? AND run_id = ? AND json_extract(run, '$.holder') = ?`,
    );
  }

  get(tenantId: string): TestSetRun | undefined {
    const row = this.select.get(tenantId) as { run: string } | undefined;
    return row && testSetRunFromJson(row.run);
  }

  /** The caller checked the tenant exists. */
  claim(tenantId: string, run: TestSetRun, now: Date): boolean {
    return (
      Number(
        this.upsert.run(tenantId, run.runId, run.state, run.leaseUntil.getTime(), testSetRunToJson(run), now.getTime())
          .changes,
      ) === 1
    );
  }

  save(tenantId: string, run: TestSetRun): boolean {
    return (
      Number(
        this.update.run(run.state, run.leaseUntil.getTime(), testSetRunToJson(run), tenantId, run.runId, run.holder)
          .changes,
      ) === 1
    );
  }
}
