// The notes' book rules as scenarios on any event store: run on the embedded store
// (request-note.unit.test.ts) and, for the concurrency rule, on PostgreSQL (concurrent-notes.int.test.ts).
import type { EventStore } from '@fe/platform';
import { expect } from 'vitest';
import { ApiError } from '../src/http/api-error.ts';
import { highestUsedInStore } from '../src/numbering/highest-used-in-store.ts';
import { NumberAllocator } from '../src/numbering/number-allocator.ts';
import { requestNote } from '../src/request-note/handler.ts';
import { anInvoice, noteLine, notePorts } from './note-world.ts';

let requests = 0;
export const command = (body: unknown, idempotencyKey?: string) => ({
  tenantId: 'demo',
  body,
  idempotencyKey,
  requestId: `req-${++requests}`,
});

/** The code of a refused note, or the note's number when it was numbered. */
export async function outcome(promise: Promise<{ body: unknown }>): Promise<string> {
  try {
    return ((await promise).body as { number: string }).number;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/**
 * Concurrent credit notes of 30 % of one invoice across ingress instances: exactly 3 are numbered, gap-free, the
 * rest refused with CREDIT_EXCEEDS_BALANCE.
 */
export async function concurrentCredits(stores: EventStore[], notes: number): Promise<void> {
  await anInvoice(stores[0]!, '990000001'); // 1 190.00 payable
  const instances = stores.map((store) =>
    notePorts(store, { allocator: new NumberAllocator(store, highestUsedInStore(store)) }),
  );
  // 357.00 = 30 %
  const body = { invoice: { prefix: 'SETP', number: 990000001 }, concept: '1', lines: [noteLine(300)] };
  const outcomes = await Promise.all(
    Array.from({ length: notes }, (_, i) =>
      outcome(requestNote(instances[i % instances.length]!, 'credit', command(body))),
    ),
  );
  for (const ports of instances) await ports.idempotency.close();
  expect(outcomes.filter((o) => o.startsWith('NC')).sort()).toEqual(['NC1', 'NC2', 'NC3']);
  expect(outcomes.filter((o) => !o.startsWith('NC'))).toEqual(Array(notes - 3).fill('CREDIT_EXCEEDS_BALANCE'));
}
