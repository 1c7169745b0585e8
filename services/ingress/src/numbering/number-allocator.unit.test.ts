import { randomUUID } from 'node:crypto';
import type { Envelope } from '@fe/contracts';
import { demoResolution } from '@fe/dian-domain';
import { SqliteEventStore } from '@fe/platform';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../http/api-error.ts';
import { highestUsedInStore } from './highest-used-in-store.ts';
import { NumberAllocator } from './number-allocator.ts';

const event = (number: string): Envelope => ({
  id: randomUUID(),
  type: 'InvoiceRequested',
  version: 1,
  occurred_at: '2026-03-10T10:00:00-05:00',
  tenant_id: 'demo',
  invoice_id: `inv-demo-SETP${number}`,
  correlation_id: 'r',
  causation_id: 'r',
  data: { number },
});
const small = { ...demoResolution, from: '1', to: '5' };

describe('number allocation on the event store', () => {
  it('gives 20 concurrent requests for one explicit number exactly one success', async () => {
    const store = new SqliteEventStore(':memory:');
    const allocator = new NumberAllocator(store, async () => undefined);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => allocator.allocate('demo', small, '1', event)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as ApiError).code)).toEqual(Array(19).fill('DUPLICATE_INVOICE_NUMBER'));
  });

  it('numbers 20 concurrent requests of one process 1 to 20 without one lost race', async () => {
    const store = new SqliteEventStore(':memory:');
    let lost = 0;
    const counting: typeof store = Object.assign(Object.create(store) as typeof store, {
      append: (...args: Parameters<typeof store.append>) =>
        store.append(...args).catch((error: unknown) => {
          lost++;
          throw error;
        }),
    });
    const allocator = new NumberAllocator(counting, async () => undefined);
    const wide = { ...demoResolution, from: '1', to: '100' };
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => allocator.allocate('demo', wide, undefined, event)),
    );
    expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(lost).toBe(0);
  });

  it('hands out consecutive numbers, skips numbers another writer took, and reports exhaustion', async () => {
    const store = new SqliteEventStore(':memory:');
    const a = new NumberAllocator(store, async () => undefined);
    const b = new NumberAllocator(store, async () => undefined); // a second process on the same store
    expect(
      await Promise.all([a.allocate('demo', small, undefined, event), a.allocate('demo', small, undefined, event)]),
    ).toEqual(['1', '2']);
    expect(await b.allocate('demo', small, undefined, event)).toBe('3'); // 1 and 2 are taken: moves past them
    expect(await a.allocate('demo', small, '4', event)).toBe('4'); // explicit, and the next consecutive
    expect(await a.allocate('demo', small, undefined, event)).toBe('5');
    await expect(a.allocate('demo', small, undefined, event)).rejects.toMatchObject({ code: 'NUMBER_OUT_OF_RANGE' });
  });

  it("starts after the read model's hint and refuses past the range end", async () => {
    const store = new SqliteEventStore(':memory:');
    const allocator = new NumberAllocator(store, async () => 4n);
    expect(await allocator.allocate('demo', small, undefined, event)).toBe('5');
    await expect(allocator.allocate('demo', small, undefined, event)).rejects.toMatchObject({
      code: 'NUMBER_OUT_OF_RANGE',
    });
  });
});

describe('explicit numbers never leave a gap (window 0, the default)', () => {
  const refusal = { code: 'NUMBER_NOT_CONSECUTIVE', details: [expect.objectContaining({ path: 'number' })] };

  it('takes the range start on an empty store, refuses the number after it', async () => {
    const store = new SqliteEventStore(':memory:');
    const allocator = new NumberAllocator(store, async () => undefined);
    await expect(allocator.allocate('demo', small, '2', event)).rejects.toMatchObject(refusal);
    expect(await allocator.allocate('demo', small, '1', event)).toBe('1');
  });

  it('refuses the top of the range, and the next request without a number still gets the next consecutive', async () => {
    const store = new SqliteEventStore(':memory:');
    const range = { ...demoResolution, from: '990000000', to: '995000000' };
    const allocator = new NumberAllocator(store, async () => undefined);
    expect(await allocator.allocate('demo', range, undefined, event)).toBe('990000000');
    const error = await allocator.allocate('demo', range, '995000000', event).catch((e: ApiError) => e);
    expect(error).toMatchObject(refusal);
    expect((error as ApiError).details[0]!.message).toContain('990000001');
    expect(await allocator.allocate('demo', range, undefined, event)).toBe('990000001');
    expect(await store.read('inv-demo-SETP995000000')).toMatchObject({ version: 'no_stream' });
  });

  it('takes a free number below the next consecutive (a gap a wider window left), and a used one is a duplicate', async () => {
    const store = new SqliteEventStore(':memory:');
    const wide = new NumberAllocator(store, async () => undefined, { explicitNumberWindow: 2 });
    expect(await wide.allocate('demo', small, '3', event)).toBe('3'); // 1 and 2 skipped: within the window
    const strict = new NumberAllocator(store, async () => 3n);
    expect(await strict.allocate('demo', small, '2', event)).toBe('2');
    await expect(strict.allocate('demo', small, '3', event)).rejects.toMatchObject({
      code: 'DUPLICATE_INVOICE_NUMBER',
    });
    expect(await strict.allocate('demo', small, '4', event)).toBe('4');
  });

  it('honours the window exactly: next + window is taken, next + window + 1 is refused', async () => {
    const store = new SqliteEventStore(':memory:');
    const allocator = new NumberAllocator(store, async () => undefined, { explicitNumberWindow: 2 });
    expect(await allocator.allocate('demo', small, undefined, event)).toBe('1');
    await expect(allocator.allocate('demo', small, '5', event)).rejects.toMatchObject(refusal); // next is 2: 2 + 2 = 4
    expect(await allocator.allocate('demo', small, '4', event)).toBe('4');
  });

  it('asks the store when memory and the read model lag behind another writer', async () => {
    const store = new SqliteEventStore(':memory:');
    const other = new NumberAllocator(store, async () => undefined);
    await other.allocate('demo', small, undefined, event);
    await other.allocate('demo', small, undefined, event);
    const lagging = new NumberAllocator(store, async () => undefined); // its read model has seen nothing yet
    expect(await lagging.allocate('demo', small, '3', event)).toBe('3');
    await expect(lagging.allocate('demo', small, '5', event)).rejects.toMatchObject(refusal);
  });
});

describe('the number hint from the event store (no read model)', () => {
  const range = { ...demoResolution, from: '990000000', to: '995000000' };

  it('finds the highest number used, or nothing on a fresh prefix, with a few stream reads', async () => {
    const store = new SqliteEventStore(':memory:');
    const hint = highestUsedInStore(store);
    expect(await hint('demo', range)).toBeUndefined();
    const writer = new NumberAllocator(store, async () => undefined);
    for (let i = 0; i < 37; i++) await writer.allocate('demo', range, undefined, event);
    let reads = 0;
    const counted = {
      ...store,
      read: (stream: string) => (reads++, store.read(stream)),
    } as unknown as SqliteEventStore;
    expect(await highestUsedInStore(counted)('demo', range)).toBe(990000036n);
    expect(reads).toBeLessThanOrEqual(24); // log2 of five million, not thirty-seven
    expect(await hint('acme', range)).toBeUndefined(); // another tenant's numbers are its own
    expect(await hint('demo', { ...range, prefix: 'FE' })).toBeUndefined();
  });

  it('lets a restarted ingress continue after the numbers another process issued', async () => {
    const store = new SqliteEventStore(':memory:');
    const other = new NumberAllocator(store, highestUsedInStore(store));
    expect(await other.allocate('demo', small, undefined, event)).toBe('1');
    expect(await other.allocate('demo', small, undefined, event)).toBe('2');
    let appends = 0;
    const counted = {
      ...store,
      read: (s: string) => store.read(s),
      append: (...args: Parameters<SqliteEventStore['append']>) => (appends++, store.append(...args)),
    } as unknown as SqliteEventStore;
    const fresh = new NumberAllocator(counted, highestUsedInStore(counted));
    expect(await fresh.allocate('demo', small, undefined, event)).toBe('3');
    expect(appends).toBe(1); // no append lost to a number already taken
    await expect(fresh.allocate('demo', small, '5', event)).rejects.toMatchObject({ code: 'NUMBER_NOT_CONSECUTIVE' });
  });
});
