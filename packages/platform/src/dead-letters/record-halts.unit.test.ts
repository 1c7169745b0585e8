import { randomUUID } from 'node:crypto';
import { topics, type Envelope } from '@fe/contracts';
import { describe, expect, it } from 'vitest';
import { SqliteDeadLetterStore } from '../adapters/sqlite/sqlite-dead-letter-store.ts';
import { SqliteEventStore } from '../adapters/sqlite/sqlite-event-store.ts';
import type { DeadLetterInput } from '../ports/dead-letter-store.ts';
import { deadLetterStoreContract } from '../../test-support/dead-letter-store.contract.ts';
import { codeOf, recordingHalts } from './record-halts.ts';

const clock = { now: () => new Date('2026-03-10T15:00:00Z') };
const stream = 'inv-demo-SETP990000001';
const requested: Envelope = {
  id: randomUUID(),
  type: 'InvoiceRequested',
  version: 1,
  occurred_at: '2026-03-10T10:00:00-05:00',
  tenant_id: 'demo',
  invoice_id: stream,
  correlation_id: 'req-1',
  causation_id: 'req-1',
  data: {},
};
const letter = (overrides: Partial<DeadLetterInput> = {}): DeadLetterInput => ({
  topic: topics.invoiceEvents.name,
  group: 'fe.signer',
  message: { key: stream, value: requested },
  error:
    'SignerError REBUILD_FAILED: The UBL builder refused the recorded request. (text holds a character XML 1.0 cannot carry)',
  attempts: 5,
  ...overrides,
});

async function world() {
  const store = new SqliteEventStore(':memory:');
  await store.append(stream, [requested], 'no_stream');
  const file = new SqliteDeadLetterStore(':memory:');
  return { store, file, letters: recordingHalts(file, store, clock) };
}

// The decorator is the DeadLetterStore the embedded bus and re-driver use: it keeps the port's promises too.
deadLetterStoreContract('sqlite, recording halts on the invoice stream', () =>
  recordingHalts(new SqliteDeadLetterStore(':memory:'), new SqliteEventStore(':memory:'), clock),
);

const halts = async (store: SqliteEventStore) =>
  (await store.read(stream)).events.map((e) => e.envelope).filter((e) => e.type === 'InvoiceProcessingHalted');

describe("recordingHalts: a dead letter of an invoice event is first recorded on the invoice's stream", () => {
  it('appends InvoiceProcessingHalted with the step, the code, the attempts and the cause, then keeps the letter', async () => {
    const { store, file, letters } = await world();
    await letters.keep(letter(), clock.now());
    expect(await halts(store)).toEqual([
      expect.objectContaining({
        type: 'InvoiceProcessingHalted',
        tenant_id: 'demo',
        invoice_id: stream,
        correlation_id: 'req-1',
        causation_id: requested.id,
        data: {
          step: 'signing',
          consumer_group: 'fe.signer',
          failed_event_id: requested.id,
          failed_event_type: 'InvoiceRequested',
          error_code: 'REBUILD_FAILED',
          attempts: 5,
        },
      }),
    ]);
    expect(await file.list()).toHaveLength(1);
  });

  it('does not append the same halt twice when a keep is retried, but records a different code', async () => {
    const { store, letters } = await world();
    await letters.keep(letter(), clock.now());
    await letters.keep(letter(), clock.now());
    expect(await halts(store)).toHaveLength(1);
    await letters.keep(letter({ error: 'PlatformError BLOB_WRITE_FAILED: disk full' }), clock.now());
    expect((await halts(store)).map((e) => (e.data as { error_code: string }).error_code)).toEqual([
      'REBUILD_FAILED',
      'BLOB_WRITE_FAILED',
    ]);
  });

  it("records nothing for the projection's group or another topic, and still keeps the letter", async () => {
    const { store, file, letters } = await world();
    await letters.keep(letter({ group: 'fe.projection' }), clock.now());
    await letters.keep(letter({ topic: 'fe.other.v1' }), clock.now());
    expect(await halts(store)).toEqual([]);
    expect(await file.list()).toHaveLength(2);
  });

  it('keeps no letter when the halt cannot be recorded (the bus then retries the whole keep)', async () => {
    const { store, file, letters } = await world();
    store.close();
    await expect(letters.keep(letter(), clock.now())).rejects.toThrow();
    expect(await file.list()).toEqual([]);
  });
});

describe('codeOf', () => {
  it('reads the stable code of the bus\'s "Name CODE: message" text, UNEXPECTED without one', () => {
    expect(codeOf('SignerError REBUILD_FAILED: x')).toBe('REBUILD_FAILED');
    expect(codeOf("Error ENOTDIR: not a directory, open '/data/files/demo/x.xml'")).toBe('ENOTDIR');
    expect(codeOf('TypeError: cannot read properties of undefined')).toBe('UNEXPECTED');
  });
});
