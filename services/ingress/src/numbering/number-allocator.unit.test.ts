import { randomUUID } from 'node:crypto';
import type { Envelope } from '@fe/contracts';
import { demoResolution } from '@fe/dian-domain';
import { SqliteEventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../http/api-error.ts';
import { NumberAllocator } from './number-allocator.ts';

const event = (number: string): Envelope => ({
  id: randomUUID(), type: 'InvoiceRequested', version: 1, occurred_at: '2026-03-10T10:00:00-05:00', tenant_id: 'demo',
  invoice_id: `inv-demo-SETP${number}`, correlation_id: 'r', causation_id: 'r', data: { number },
});
const small = { ...demoResolution, from: '1', to: '5' };

describe('number allocation on the event store', () => {
  it('gives 20 concurrent requests for one explicit number exactly one success', async () => {
    const store = new SqliteEventStore(':memory:');
    const allocator = new NumberAllocator(store, async () => undefined);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => allocator.allocate('demo', small, '3', event)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as ApiError).code)).toEqual(Array(19).fill('DUPLICATE_INVOICE_NUMBER'));
  });

  it('hands out consecutive numbers, skips numbers another writer took, and reports exhaustion', async () => {
    const store = new SqliteEventStore(':memory:');
    const a = new NumberAllocator(store, async () => undefined);
    const b = new NumberAllocator(store, async () => undefined); // a second process on the same store
    expect(await Promise.all([a.allocate('demo', small, undefined, event), a.allocate('demo', small, undefined, event)])).toEqual(['1', '2']);
    expect(await b.allocate('demo', small, undefined, event)).toBe('3'); // 1 and 2 are taken: moves past them
    expect(await a.allocate('demo', small, '5', event)).toBe('5');
    // "next consecutive" is one after the highest used: 4 stays unused once 5 was taken explicitly
    await expect(a.allocate('demo', small, undefined, event)).rejects.toMatchObject({ code: 'NUMBER_OUT_OF_RANGE' });
  });

  it('starts after the read model\'s hint and refuses past the range end', async () => {
    const store = new SqliteEventStore(':memory:');
    const allocator = new NumberAllocator(store, async () => 4n);
    expect(await allocator.allocate('demo', small, undefined, event)).toBe('5');
    await expect(allocator.allocate('demo', small, undefined, event)).rejects.toMatchObject({ code: 'NUMBER_OUT_OF_RANGE' });
  });
});
