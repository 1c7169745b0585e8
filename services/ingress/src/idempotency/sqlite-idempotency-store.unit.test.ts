import { describe, expect, it } from 'vitest';
import { idempotencyStoreContract } from '../../test-support/idempotency-store.contract.ts';
import { requestHash } from './request-hash.ts';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store.ts';

idempotencyStoreContract('sqlite', async () => new SqliteIdempotencyStore(':memory:'));

describe('request fingerprint', () => {
  it('ignores key order and whitespace, not values', () => {
    expect(requestHash(JSON.parse('{"a":1,"b":{"c":[1,2]}}'))).toBe(
      requestHash(JSON.parse('{ "b": { "c": [1, 2] }, "a": 1 }')),
    );
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });
});
