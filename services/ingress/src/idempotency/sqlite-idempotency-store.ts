import { existsSync } from 'node:fs';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { immediate, openWalDatabase } from '@fe/platform/sqlite';
import type { BeginInput, BeginResult, IdempotencyStore, StoredResponse } from './idempotency-store.ts';

type Row = {
  endpoint: string | null;
  request_hash: string;
  response: string | null;
  lease_until: bigint;
  store_head: bigint;
};

/**
 * Idempotency keys in SQLite. `begin` runs in one IMMEDIATE transaction, so two requests with the
 * same key can never both start: the second sees the first's row and its lease.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly db: DatabaseSync;
  private readonly select: StatementSync;
  private readonly insert: StatementSync;
  private readonly takeOver: StatementSync;
  private readonly finish: StatementSync;
  private readonly remove: StatementSync;
  private readonly purge: StatementSync;

  /** `importFrom`: a file whose idempotency_keys this store copies once, in the transaction that creates its table. */
  constructor(path: string, options: { importFrom?: string } = {}) {
    this.db = openWalDatabase(path, 'FULL');
    const previous = options.importFrom && existsSync(options.importFrom) ? options.importFrom : undefined;
    if (previous) this.db.prepare('ATTACH DATABASE ? AS previous').run(previous); // not allowed in a transaction
    try {
      immediate(this.db, () => {
        const exists = this.db.prepare(
          "SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = 'idempotency_keys'",
        );
        const created = !exists.get();
        this.db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
          tenant_id TEXT NOT NULL, key TEXT NOT NULL, request_hash TEXT NOT NULL, response TEXT,
          lease_until INTEGER NOT NULL, store_head INTEGER NOT NULL, created_at INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, key))`);
        addEndpointColumn(this.db);
        if (created && previous) importKeys(this.db);
      });
    } finally {
      if (previous) this.db.exec('DETACH DATABASE previous');
    }
    this.select = this.db.prepare(
      'SELECT endpoint, request_hash, response, lease_until, store_head FROM idempotency_keys WHERE tenant_id = ? AND key = ?',
    );
    this.select.setReadBigInts(true); // store_head is an event-store position: exact beyond 2^53
    this.insert = this.db.prepare(
      `INSERT INTO idempotency_keys (tenant_id, key, endpoint, request_hash, response, lease_until, store_head, created_at)
       VALUES (?, ?, ?, ?, NULL, ?, ?, ?)`,
    );
    this.takeOver = this.db.prepare('UPDATE idempotency_keys SET lease_until = ? WHERE tenant_id = ? AND key = ?');
    this.finish = this.db.prepare('UPDATE idempotency_keys SET response = ? WHERE tenant_id = ? AND key = ?');
    this.remove = this.db.prepare('DELETE FROM idempotency_keys WHERE tenant_id = ? AND key = ?');
    this.purge = this.db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  }

  async begin(input: BeginInput): Promise<BeginResult> {
    const { tenantId, key, endpoint, requestHash, now, leaseMs, storeHead } = input;
    const nowMs = now.getTime();
    return immediate(this.db, (): BeginResult => {
      const row = this.select.get(tenantId, key) as Row | undefined;
      if (!row) {
        this.insert.run(tenantId, key, endpoint, requestHash, nowMs + leaseMs, storeHead, nowMs);
        return { outcome: 'started' };
      }
      if (row.endpoint !== null && row.endpoint !== endpoint)
        return { outcome: 'other_endpoint', endpoint: row.endpoint };
      if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
      if (row.response !== null) return { outcome: 'replay', response: JSON.parse(row.response) as StoredResponse };
      if (row.lease_until > BigInt(nowMs)) return { outcome: 'in_progress' };
      this.takeOver.run(nowMs + leaseMs, tenantId, key);
      return { outcome: 'taken_over', storeHead: row.store_head };
    });
  }

  async complete(tenantId: string, key: string, response: StoredResponse): Promise<void> {
    this.finish.run(JSON.stringify(response), tenantId, key);
  }

  async release(tenantId: string, key: string): Promise<void> {
    this.remove.run(tenantId, key);
  }

  async purgeCreatedBefore(cutoff: Date): Promise<number> {
    return Number(this.purge.run(cutoff.getTime()).changes);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

/** Rows written before endpoints were recorded keep a NULL endpoint (they match any, until purged). */
function addEndpointColumn(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA main.table_info(idempotency_keys)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'endpoint'))
    db.exec('ALTER TABLE main.idempotency_keys ADD COLUMN endpoint TEXT');
}

/** Copies the keys kept before (the attached `previous`) into the table just created: answered there, answered here. */
function importKeys(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA previous.table_info(idempotency_keys)').all() as { name: string }[];
  if (columns.length === 0) return;
  const endpoint = columns.some((c) => c.name === 'endpoint') ? 'endpoint' : 'NULL';
  db.exec(`INSERT INTO main.idempotency_keys (tenant_id, key, endpoint, request_hash, response, lease_until, store_head, created_at)
    SELECT tenant_id, key, ${endpoint}, request_hash, response, lease_until, store_head, created_at
    FROM previous.idempotency_keys`);
}
