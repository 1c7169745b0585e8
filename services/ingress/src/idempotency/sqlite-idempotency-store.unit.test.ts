import { describe, expect, it } from 'vitest';
import { requestHash } from './request-hash.ts';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store.ts';

const t0 = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const response = { statusCode: 201, headers: { Location: '/x' }, body: { success: true } };

describe('idempotency keys in SQLite', () => {
  const begin = (store: SqliteIdempotencyStore, hash: string, now = t0, key = 'k1') =>
    store.begin({ tenantId: 'demo', key, requestHash: hash, now, leaseMs: 1000, storeHead: 7n });

  it('starts once; a second request is in progress until the first completes, then replays its response', async () => {
    const store = new SqliteIdempotencyStore(':memory:');
    expect(await begin(store, 'h')).toEqual({ outcome: 'started' });
    expect(await begin(store, 'h')).toEqual({ outcome: 'in_progress' });
    await store.complete('demo', 'k1', response);
    expect(await begin(store, 'h')).toEqual({ outcome: 'replay', response });
  });

  it('refuses the same key with another body, even while the first runs', async () => {
    const store = new SqliteIdempotencyStore(':memory:');
    await begin(store, 'h');
    expect(await begin(store, 'other')).toEqual({ outcome: 'mismatch' });
  });

  it('lets a later request take over a key whose request died, with the store head it began at', async () => {
    const store = new SqliteIdempotencyStore(':memory:');
    await begin(store, 'h');
    expect(await begin(store, 'h', later(999))).toEqual({ outcome: 'in_progress' });
    expect(await begin(store, 'h', later(1001))).toEqual({ outcome: 'taken_over', storeHead: 7n });
    expect(await begin(store, 'h', later(1002))).toEqual({ outcome: 'in_progress' }); // the new lease
  });

  it('scopes keys to the tenant, forgets released keys and purges old ones', async () => {
    const store = new SqliteIdempotencyStore(':memory:');
    await begin(store, 'h');
    expect(await store.begin({ tenantId: 'other', key: 'k1', requestHash: 'x', now: t0, leaseMs: 1000, storeHead: 0n })).toEqual({ outcome: 'started' });
    await store.release('demo', 'k1');
    expect(await begin(store, 'different body now')).toEqual({ outcome: 'started' });
    expect(await store.purgeCreatedBefore(later(1))).toBe(2);
  });
});

describe('request fingerprint', () => {
  it('ignores key order and whitespace, not values', () => {
    expect(requestHash(JSON.parse('{"a":1,"b":{"c":[1,2]}}'))).toBe(requestHash(JSON.parse('{ "b": { "c": [1, 2] }, "a": 1 }')));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });
});
