import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { parseDelivered, parseRecordedOf } from './parse-invoice-event.ts';

const rendered = (id: string, pages = 1) => ({
  id,
  type: 'InvoiceRendered',
  version: 1,
  occurred_at: '2026-03-10T15:00:00.000Z',
  tenant_id: 'demo',
  invoice_id: 'inv-demo-SETP990000001',
  correlation_id: randomUUID(),
  causation_id: randomUUID(),
  data: { pdf_key: 'demo/SETP990000001.pdf', pdf_sha256: 'a'.repeat(64), pages },
});
const recorded = (envelope: ReturnType<typeof rendered>) =>
  ({ stream: 's', version: 0n, position: 1n, envelope, recordedAt: '' }) as unknown as RecordedEvent;
const storeA = {} as EventStore;
const storeB = {} as EventStore;

it('parses a recorded event once per store, by id', () => {
  const id = randomUUID();
  const first = parseRecordedOf(storeA, recorded(rendered(id)));
  expect(parseRecordedOf(storeA, recorded(rendered(id)))).toBe(first);
  // another store, its own content
  expect(parseRecordedOf(storeB, recorded(rendered(id, 2))).data).toMatchObject({ pages: 2 });
});

it('parses a delivered value once per object, and a delivered copy never stands in for the recorded event', () => {
  const id = randomUUID();
  const value = rendered(id, 9);
  const copy = parseDelivered(value);
  expect(parseDelivered(value)).toBe(copy);
  expect(parseRecordedOf(storeA, recorded(rendered(id, 1))).data).toMatchObject({ pages: 1 });
  expect(parseDelivered(rendered(id, 3)).data).toMatchObject({ pages: 3 });
});

it('still rejects a malformed event', () => {
  expect(() => parseDelivered({ ...rendered(randomUUID()), tenant_id: 7 })).toThrow();
  expect(() => parseRecordedOf(storeA, recorded({ ...rendered(randomUUID()), tenant_id: 7 } as never))).toThrow();
});
