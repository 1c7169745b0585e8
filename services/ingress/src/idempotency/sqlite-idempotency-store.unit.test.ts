import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../http/json-body.ts';
import { idempotencyStoreContract } from '../../test-support/idempotency-store.contract.ts';
import { writeKeysBeforeEndpoints } from './keys-before-endpoints.ts';
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

describe('keys stored before endpoints were recorded', () => {
  it('gain an endpoint column; their rows match any endpoint, new rows only their own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-idem-'));
    const path = join(dir, 'state.sqlite');
    const response = { statusCode: 201, headers: {}, body: { success: true } };
    writeKeysBeforeEndpoints(path, response);
    const store = new SqliteIdempotencyStore(path);
    const begin = (key: string, endpoint: string) =>
      store.begin({ tenantId: 'demo', key, endpoint, requestHash: 'h', now: new Date(), leaseMs: 1000, storeHead: 0n });
    expect(await begin('old', 'debit-note')).toEqual({ outcome: 'replay', response });
    expect(await begin('new', 'credit-note')).toEqual({ outcome: 'started' });
    expect(await begin('new', 'debit-note')).toEqual({ outcome: 'other_endpoint', endpoint: 'credit-note' });
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('request fingerprint depth', () => {
  const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
  it('hashes a body as deep as the parser allows, and refuses a deeper one with a code instead of overflowing', () => {
    expect(requestHash(nested(MAX_JSON_DEPTH))).toMatch(/^[0-9a-f]{64}$/);
    expect(() => requestHash(nested(3000))).toThrow(expect.objectContaining({ code: 'JSON_TOO_DEEP' }));
  });
});
