import { InProcessEventBus, type BusMessage, type EventBus } from '@fe/platform';
import { sampleEnvelope } from '@fe/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startInMemoryTelemetry, type InMemoryTelemetry } from '../test-support/in-memory-telemetry.ts';
import { childStep, tracingPublishes } from './publish-spans.ts';
import { inSpan, remoteParent, traceHeaders, tracerFor } from './spans.ts';

let telemetry: InMemoryTelemetry;
beforeAll(() => void (telemetry = startInMemoryTelemetry()));
afterAll(() => telemetry.shutdown());
beforeEach(() => telemetry.reset());

const A = '0af7651916cd43dd8448eb211c80319c';
const B = '1bf7651916cd43dd8448eb211c80319d';
const message = (invoice: string, type: string, trace?: string): BusMessage => ({
  key: invoice,
  value: sampleEnvelope(invoice, type),
  headers: trace ? { traceparent: `00-${trace}-b7ad6b7169203331-01` } : {},
});

describe('tracingPublishes', () => {
  it("opens one PRODUCER span per batch and trace, the child of its events' context, and leaves the headers", async () => {
    const sent: BusMessage[][] = [];
    const step = childStep('fe.bus');
    const bare: EventBus = {
      publish: async (_topic, messages) => {
        sent.push([...messages]);
        await step('kafka send', async () => undefined);
      },
      subscribe: async () => ({ stop: async () => {} }),
      close: async () => {},
    };
    const batch = [
      message('inv-1', 'InvoiceRequested', A),
      message('inv-1', 'InvoiceSigned', A),
      message('inv-2', 'InvoiceRequested', B),
    ];
    await tracingPublishes(bare, 'fe.relay').publish('fe.invoice.events.v1', batch);
    expect(sent).toEqual([batch]);
    const spans = telemetry.spans();
    const publishes = spans.filter((s) => s.name === 'publish fe.invoice.events.v1');
    expect(publishes.map((s) => [s.kind, s.traceId, s.parentSpanId, s.attributes['fe.invoice_id']])).toEqual([
      [3 /* PRODUCER */, A, 'b7ad6b7169203331', 'inv-1'],
      [3, B, 'b7ad6b7169203331', 'inv-2'],
    ]);
    expect(publishes[0]!.attributes['fe.event.types']).toEqual(['InvoiceRequested', 'InvoiceSigned']);
    // The bus's own steps (a producer's start) are children of the first trace's publish.
    expect(spans.find((s) => s.name === 'kafka send')).toMatchObject({
      traceId: A,
      parentSpanId: publishes[0]!.spanId,
    });
  });

  it('passes the bus capabilities through (the relay checkpoints by settledThrough)', () => {
    const traced = tracingPublishes(new InProcessEventBus({ partitions: 1 }), 'fe.relay');
    expect([typeof traced.settledThrough, typeof traced.subscribe]).toEqual(['function', 'function']);
  });

  it('runs a step outside any span without opening a root span', async () => {
    expect(await childStep('fe.bus')('kafka send', async () => 7)).toBe(7);
    expect(telemetry.spans()).toEqual([]);
  });
});

describe('inSpan and the invoice', () => {
  it("gives a span without fe.invoice_id its parent span's (the DIAN call under the reaction)", async () => {
    const tracer = tracerFor('fe.test');
    await inSpan(tracer, 'reaction', { attributes: { 'fe.invoice_id': 'inv-9' } }, () =>
      inSpan(tracer, 'DIAN SendBillSync', {}, async () => undefined),
    );
    expect(telemetry.spans().map((s) => [s.name, s.attributes['fe.invoice_id']])).toEqual([
      ['DIAN SendBillSync', 'inv-9'],
      ['reaction', 'inv-9'],
    ]);
  });

  it('carries the active span to a server through traceparent', async () => {
    const headers = await inSpan(tracerFor('fe.test'), 'client', {}, async () => traceHeaders());
    await inSpan(tracerFor('fe.test'), 'server', { parent: remoteParent(headers) }, async () => undefined);
    const [client, server] = telemetry.spans();
    expect(server).toMatchObject({ traceId: client!.traceId, parentSpanId: client!.spanId });
  });
});
