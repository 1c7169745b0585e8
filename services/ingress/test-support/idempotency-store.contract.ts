import { afterEach, describe, expect, it } from 'vitest';
import type { BeginInput, IdempotencyStore } from '../src/idempotency/idempotency-store.ts';

const t0 = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const response = {
  statusCode: 201,
  headers: { Location: '/api/v1/service/status/abc', 'x-request-id': 'req-1' },
  body: { success: true, invoice: { number: 'SETP990000001', customer: 'Compañía Ñandú S.A.S. 😀' }, lines: [1, 2] },
};

/** What every IdempotencyStore adapter must do; the factory gives a fresh, empty store. */
export function idempotencyStoreContract(name: string, factory: () => Promise<IdempotencyStore>): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    const opened: IdempotencyStore[] = [];
    const open = async () => {
      const store = await factory();
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const begin = (store: IdempotencyStore, requestHash: string, overrides: Partial<BeginInput> = {}) =>
      store.begin({
        tenantId: 'demo',
        key: 'k1',
        endpoint: 'invoice',
        requestHash,
        now: t0,
        leaseMs: 1000,
        storeHead: 7n,
        ...overrides,
      });

    it('starts once; a second request is in progress until the first completes, then replays its response exactly', async () => {
      const store = await open();
      expect(await begin(store, 'h')).toEqual({ outcome: 'started' });
      expect(await begin(store, 'h')).toEqual({ outcome: 'in_progress' });
      await store.complete('demo', 'k1', response);
      expect(await begin(store, 'h')).toEqual({ outcome: 'replay', response });
      expect(await begin(store, 'h', { now: later(10 * 86_400_000) })).toEqual({ outcome: 'replay', response }); // a lease is no expiry
    });

    it('refuses the same key with another body, while the first runs and after it finished', async () => {
      const store = await open();
      await begin(store, 'h');
      expect(await begin(store, 'other')).toEqual({ outcome: 'mismatch' });
      await store.complete('demo', 'k1', response);
      expect(await begin(store, 'other')).toEqual({ outcome: 'mismatch' });
    });

    it('refuses the same key on another endpoint, whatever the body, while the first runs, after it died or finished', async () => {
      const store = await open();
      await begin(store, 'h');
      const elsewhere = { outcome: 'other_endpoint', endpoint: 'invoice' };
      expect(await begin(store, 'h', { endpoint: 'debit-note' })).toEqual(elsewhere);
      expect(await begin(store, 'h', { endpoint: 'debit-note', now: later(5000) })).toEqual(elsewhere);
      await store.complete('demo', 'k1', response);
      expect(await begin(store, 'other', { endpoint: 'credit-note' })).toEqual(elsewhere);
      expect(await begin(store, 'h')).toEqual({ outcome: 'replay', response });
    });

    it('lets a later request take over a key whose request died when its lease ends, with the store head it began at', async () => {
      const store = await open();
      await begin(store, 'h');
      expect(await begin(store, 'h', { now: later(999) })).toEqual({ outcome: 'in_progress' });
      expect(await begin(store, 'h', { now: later(1000), storeHead: 50n })).toEqual({
        outcome: 'taken_over',
        storeHead: 7n,
      });
      // the new lease, from the take-over
      expect(await begin(store, 'h', { now: later(1999) })).toEqual({ outcome: 'in_progress' });
      expect(await begin(store, 'h', { now: later(2000) })).toEqual({ outcome: 'taken_over', storeHead: 7n });
    });

    it('keeps a store head beyond 2^53 exactly', async () => {
      const store = await open();
      await begin(store, 'h', { storeHead: 2n ** 62n + 1n });
      expect(await begin(store, 'h', { now: later(5000) })).toEqual({
        outcome: 'taken_over',
        storeHead: 2n ** 62n + 1n,
      });
    });

    it('lets exactly one of many concurrent begins with one key start', async () => {
      const store = await open();
      const results = await Promise.all(Array.from({ length: 10 }, () => begin(store, 'h', { key: 'race' })));
      expect(results.filter((r) => r.outcome === 'started')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'in_progress')).toHaveLength(9);
    });

    it('scopes keys to the tenant, and forgets a released key (releasing an unknown one is harmless)', async () => {
      const store = await open();
      await begin(store, 'h');
      expect(await begin(store, 'x', { tenantId: 'other', storeHead: 0n })).toEqual({ outcome: 'started' });
      await store.release('demo', 'k1');
      await store.release('demo', 'never-used');
      expect(await begin(store, 'different body now')).toEqual({ outcome: 'started' });
      expect(await begin(store, 'x', { tenantId: 'other' })).toEqual({ outcome: 'in_progress' });
    });

    it('purges keys created strictly before the cutoff, finished or not, and counts them', async () => {
      const store = await open();
      await begin(store, 'h', { key: 'old-done' });
      await store.complete('demo', 'old-done', response);
      await begin(store, 'h', { key: 'old-running' });
      await begin(store, 'h', { key: 'at-cutoff', now: later(60_000) });
      await begin(store, 'h', { key: 'old-done', now: later(90_000) }); // a replay does not renew it
      expect(await store.purgeCreatedBefore(later(60_000))).toBe(2);
      expect(await begin(store, 'h', { key: 'old-done', now: later(90_000) })).toEqual({ outcome: 'started' });
      expect(await begin(store, 'h', { key: 'at-cutoff', now: later(60_001) })).toEqual({ outcome: 'in_progress' });
      expect(await store.purgeCreatedBefore(later(0))).toBe(0);
    });
  });
}
