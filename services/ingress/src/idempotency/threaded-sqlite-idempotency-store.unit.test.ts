import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { idempotencyStoreContract } from '../../test-support/idempotency-store.contract.ts';
import { writeKeysBeforeEndpoints } from './keys-before-endpoints.ts';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store.ts';
import { ThreadedSqliteIdempotencyStore } from './threaded-sqlite-idempotency-store.ts';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fe-idem-thread-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

idempotencyStoreContract(
  'sqlite on a worker thread',
  async () => new ThreadedSqliteIdempotencyStore(join(folder(), 'keys.sqlite')),
);

describe('keys kept in the state file before they had a file of their own', () => {
  const response = { statusCode: 201, headers: { Location: '/x' }, body: { success: true } };
  const begin = (store: SqliteIdempotencyStore | ThreadedSqliteIdempotencyStore, key: string, endpoint = 'invoice') =>
    store.begin({ tenantId: 'demo', key, endpoint, requestHash: 'h', now: new Date(), leaseMs: 60_000, storeHead: 7n });

  it('are copied into the new file once, endpoints and leases included, and still answer there', async () => {
    const dir = folder();
    const state = join(dir, 'state.sqlite');
    const before = new SqliteIdempotencyStore(state);
    await begin(before, 'answered');
    await before.complete('demo', 'answered', response);
    await begin(before, 'running', 'credit-note');
    await before.close();

    const store = new ThreadedSqliteIdempotencyStore(join(dir, 'idempotency.sqlite'), { importFrom: state });
    expect(await begin(store, 'answered')).toEqual({ outcome: 'replay', response });
    expect(await begin(store, 'running')).toEqual({ outcome: 'other_endpoint', endpoint: 'credit-note' });
    expect(await begin(store, 'running', 'credit-note')).toEqual({ outcome: 'in_progress' });
    await store.release('demo', 'answered');
    await store.close();

    // Reopened: the table exists, so what the state file still holds is not copied again.
    const again = new ThreadedSqliteIdempotencyStore(join(dir, 'idempotency.sqlite'), { importFrom: state });
    expect(await begin(again, 'answered')).toEqual({ outcome: 'started' });
    await again.close();
  });

  it('rows from before endpoints were recorded keep matching any endpoint', async () => {
    const dir = folder();
    const state = join(dir, 'state.sqlite');
    writeKeysBeforeEndpoints(state, response);
    const store = new ThreadedSqliteIdempotencyStore(join(dir, 'idempotency.sqlite'), { importFrom: state });
    expect(await begin(store, 'old', 'debit-note')).toEqual({ outcome: 'replay', response });
    await store.close();
  });

  it('a missing state file is a fresh start', async () => {
    const dir = folder();
    const store = new ThreadedSqliteIdempotencyStore(join(dir, 'idempotency.sqlite'), {
      importFrom: join(dir, 'none.sqlite'),
    });
    expect(await begin(store, 'k')).toEqual({ outcome: 'started' });
    await store.close();
  });
});
