import type { EventStore, RecordedEvent } from '@fe/platform';
import { sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '../test-support/in-memory-telemetry.ts';
import { tracingEventStore } from './tracing-event-store.ts';

let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());

/** Streams in memory, enough to append and read back. */
function memoryStore(): EventStore {
  const streams = new Map<string, RecordedEvent['envelope'][]>();
  return {
    append: async (stream, events) => {
      streams.set(stream, [...(streams.get(stream) ?? []), ...events]);
      return { nextExpectedVersion: BigInt(streams.get(stream)!.length - 1), lastPosition: 1n };
    },
    read: async (stream) => ({
      version: 0n,
      events: (streams.get(stream) ?? []).map((envelope, i) => ({
        stream,
        envelope,
        position: BigInt(i),
        version: BigInt(i),
        recordedAt: envelope.occurred_at,
      })),
    }),
    readAll: async () => [],
    head: async () => 0n,
    close: async () => {},
  };
}

describe('fe.invoices.final', () => {
  it('counts each verdict by status and by the kind of document its stream holds', async () => {
    const store = tracingEventStore(memoryStore());
    for (const [stream, first, verdict] of [
      ['inv-1', 'InvoiceRequested', 'InvoiceAccepted'],
      ['inv-2', 'CreditNoteRequested', 'InvoiceAccepted'],
      ['inv-3', 'DebitNoteRequested', 'InvoiceRejected'],
      ['inv-4', 'CreditNoteRequested', 'InvoiceAccepted'],
    ] as const) {
      await store.append(stream, [sampleEnvelope(stream, first)], 'no_stream');
      await store.append(stream, [sampleEnvelope(stream, 'InvoiceSubmitted'), sampleEnvelope(stream, verdict)], 0n);
    }
    const points = (await telemetry.points('fe.invoices.final')).map((p) => [
      p.attributes.kind,
      p.attributes.status,
      p.value,
    ]);
    expect(points.sort()).toEqual([
      ['credit_note', 'accepted', 2],
      ['debit_note', 'rejected', 1],
      ['invoice', 'accepted', 1],
    ]);
  });
});
