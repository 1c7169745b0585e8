// Test support: a state file as it was before keys recorded their endpoint (its rows keep a NULL endpoint).
import { DatabaseSync } from 'node:sqlite';
import type { StoredResponse } from './idempotency-store.ts';

/** Writes `path` with the table of that time and one answered key, `old` of tenant `demo`, body hash `h`. */
export function writeKeysBeforeEndpoints(path: string, response: StoredResponse): void {
  const old = new DatabaseSync(path);
  old.exec(`CREATE TABLE idempotency_keys (
    tenant_id TEXT NOT NULL, key TEXT NOT NULL, request_hash TEXT NOT NULL, response TEXT,
    lease_until INTEGER NOT NULL, store_head INTEGER NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, key))`);
  old
    .prepare('INSERT INTO idempotency_keys VALUES (?, ?, ?, ?, 0, 0, 0)')
    .run('demo', 'old', 'h', JSON.stringify(response));
  old.close();
}
