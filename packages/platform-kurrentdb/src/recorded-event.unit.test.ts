import { sampleEnvelope } from '@fe/platform/testing';
import { describe, expect, it } from 'vitest';
import { eventDataOf, isSystemEvent, recordedOf, type StoredEvent } from './recorded-event.ts';

const DIGEST = 'ab'.repeat(32);

/** What a read returns for an event written from `eventDataOf` (the client parses the JSON data and metadata back). */
const storedFrom = (data: ReturnType<typeof eventDataOf>, overrides: Partial<StoredEvent> = {}): StoredEvent => ({
  streamId: 'inv-demo-SETP1',
  id: data.id,
  revision: 3n,
  type: data.type,
  isJson: true,
  data: JSON.parse(JSON.stringify(data.data)),
  metadata: JSON.parse(JSON.stringify(data.metadata)),
  created: new Date('2026-11-26T07:00:00.123Z'),
  position: { commit: 7_777n, prepare: 7_777n },
  ...overrides,
});

describe('envelopes as KurrentDB events', () => {
  it("writes the envelope's uuid as the event id, its type as the event type, the envelope as JSON data", () => {
    const envelope = sampleEnvelope('inv-demo-SETP1', 'InvoiceSigned', { text: 'ñ \u2028 "q"', n: 1.5 });
    const data = eventDataOf(envelope, DIGEST);
    expect(data).toMatchObject({
      id: envelope.id,
      type: 'InvoiceSigned',
      contentType: 'application/json',
      data: envelope,
    });
    expect(data.metadata).toEqual({
      $correlationId: envelope.correlation_id,
      $causationId: envelope.causation_id,
      digest: DIGEST,
    });
  });

  it("reads it back as the port's RecordedEvent: the same envelope, revision as version, commit position, ISO instant, chain digest", () => {
    const envelope = sampleEnvelope('inv-demo-SETP1', 'InvoiceSigned', { text: 'ñ', list: [1, null] });
    expect(recordedOf(storedFrom(eventDataOf(envelope, DIGEST)))).toEqual({
      stream: 'inv-demo-SETP1',
      version: 3n,
      position: 7_777n,
      envelope,
      recordedAt: '2026-11-26T07:00:00.123Z',
      digest: DIGEST,
    });
  });

  it('reads no digest from metadata that holds none, or not a SHA-256 in hex', () => {
    const data = eventDataOf(sampleEnvelope('inv-demo-SETP1'), DIGEST);
    expect(recordedOf(storedFrom(data, { metadata: {} }))).not.toHaveProperty('digest');
    expect(recordedOf(storedFrom(data, { metadata: { digest: 'not-hex' } }))).not.toHaveProperty('digest');
    expect(recordedOf(storedFrom(data, { metadata: undefined }))).not.toHaveProperty('digest');
  });

  it("refuses an event this adapter did not write: binary, or JSON whose id is not the event's", () => {
    const data = eventDataOf(sampleEnvelope('s'), DIGEST);
    for (const stored of [
      storedFrom(data, { isJson: false }),
      storedFrom(data, { data: { id: 'other' } }),
      storedFrom(data, { data: 'text' }),
    ]) {
      expect(() => recordedOf(stored)).toThrow(expect.objectContaining({ code: 'NOT_AN_ENVELOPE' }));
    }
  });

  it("tells KurrentDB's own events ($ streams and types) from the product's", () => {
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$inv-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-inv', type: '$>' })).toBe(true);
    expect(isSystemEvent({ streamId: 'inv-demo-SETP1', type: 'InvoiceRequested' })).toBe(false);
  });
});
