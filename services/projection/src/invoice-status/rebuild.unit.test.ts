import { topics, type Envelope, type InvoiceEvent } from '@fe/contracts';
import { InProcessEventBus, SqliteCheckpointStore, SqliteEventStore, startRelay } from '@fe/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asMessage, invoiceFixture } from '@fe/invoice-status/testing';
import { recordingLogger } from '../../test-support/recording-logger.ts';
import { evolve } from '@fe/invoice-status';
import { createStatusProjection } from './projection.ts';
import { diffAgainstRebuild, diffViews, rebuildStatusViews } from './rebuild.ts';
import { SqliteStatusStore } from '@fe/invoice-status';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined);
const statusStore = () => {
  const store = new SqliteStatusStore(':memory:');
  cleanups.push(() => store.close());
  return store;
};

/** Three invoices appended interleaved, as concurrent services would, plus a tenant event. */
async function seededEventStore() {
  const events = new SqliteEventStore(':memory:');
  cleanups.push(() => events.close());
  const [a, b, c] = [1, 2, 3].map((n) => invoiceFixture({ consecutive: n })) as [
    ReturnType<typeof invoiceFixture>,
    ReturnType<typeof invoiceFixture>,
    ReturnType<typeof invoiceFixture>,
  ];
  const streams = new Map<string, InvoiceEvent[]>();
  const append = async (event: InvoiceEvent) => {
    streams.set(event.invoice_id!, [...(streams.get(event.invoice_id!) ?? []), event]);
    await events.append(event.invoice_id!, [event as Envelope], 'any');
  };
  for (const event of [
    a.requested(),
    b.requested(),
    a.signed(),
    c.requested(),
    b.signed(),
    a.submitted(),
    b.failed(1),
    a.accepted(),
    c.signed(),
  ])
    await append(event);
  await events.append(
    'tenant-demo',
    [{ ...(a.requested() as Envelope), type: 'TenantOnboarded', data: { nit: '900108281' } }],
    'any',
  );
  for (const event of [b.submitted(2), a.rendered(), b.rejected(), b.rendered(), a.notified()]) await append(event);
  return { events, streams, invoices: [a, b, c] as const };
}

describe('rebuild from the event store', () => {
  it('folds every invoice stream into a cleared store, a page at a time', async () => {
    const { events, streams } = await seededEventStore();
    const target = statusStore();
    await target.save(fold([invoiceFixture({ consecutive: 99 }).requested()])!);
    const result = await rebuildStatusViews(events, target, { pageSize: 2 });
    expect(result).toEqual({ events: 14, views: 3, orphans: 0, position: await events.head() });
    expect(await target.all()).toEqual([...streams.values()].map(fold));
    expect(await target.positionOf(invoiceFixture({ consecutive: 1 }).invoiceId)).toBe(await events.head());
  });

  it('counts an event whose invoice was never requested as an orphan', async () => {
    const events = new SqliteEventStore(':memory:');
    cleanups.push(() => events.close());
    const inv = invoiceFixture();
    await events.append(inv.invoiceId, [inv.signed() as Envelope], 'no_stream');
    await expect(rebuildStatusViews(events, statusStore())).resolves.toMatchObject({ events: 1, views: 0, orphans: 1 });
  });

  it('equals the live projection fed by the relay, replays included', async () => {
    const { events } = await seededEventStore();
    const bus = new InProcessEventBus();
    const checkpoints = new SqliteCheckpointStore(':memory:');
    const live = statusStore();
    const logger = recordingLogger();
    const projection = createStatusProjection({ bus, store: live, logger });
    await projection.start();
    const relay = startRelay({
      name: 'relay.invoice-events',
      store: events,
      bus,
      checkpoints,
      logger,
      idleMs: 5,
      route: (e) =>
        e.envelope.type.startsWith('Invoice') || e.envelope.type === 'BuyerNotified'
          ? { topic: topics.invoiceEvents.name, key: e.stream }
          : undefined,
    });
    cleanups.push(
      () => checkpoints.close(),
      () => bus.close(),
      () => projection.stop(),
      () => relay.stop(),
    );
    await relay.caughtUp();
    // A relay that lost its checkpoint publishes the first events again, with their positions.
    const again = await events.readAll({ after: 0n, limit: 6 });
    await bus.publish(
      topics.invoiceEvents.name,
      again.map((r) => ({ ...asMessage(r.envelope as InvoiceEvent, r.position), key: r.stream })),
    );
    const head = await events.head();
    // Settled: every consumer group finished every message up to the head, the replays included.
    await vi.waitFor(() => expect(bus.settledThrough(topics.invoiceEvents.name, head)).toBe(head));
    expect(await live.all()).toHaveLength(3);
    expect(await diffAgainstRebuild(events, live)).toEqual([]);
  });

  it("rebuilds an invoice's RADIAN events (once per CUDE, as learned) and finds a live view missing one", async () => {
    const events = new SqliteEventStore(':memory:');
    cleanups.push(() => events.close());
    const inv = invoiceFixture({ consecutive: 7 });
    const stream = [
      inv.requested(),
      inv.signed(),
      inv.submitted(),
      inv.accepted(),
      inv.radian('030', '1', '2026-03-11'),
      inv.radian('032', '2', '2026-03-11'),
      inv.radian('032', '2', '2026-03-11'), // a check that raced another records it again: one view entry
      inv.radian('034', '3', '2026-03-17', true),
    ];
    await events.append(inv.invoiceId, stream as Envelope[], 'no_stream');
    const live = statusStore();
    for (const event of stream) await live.save(evolve(await live.get(inv.invoiceId), event)!);
    const rebuilt = statusStore();
    await rebuildStatusViews(events, rebuilt);
    const view = (await rebuilt.get(inv.invoiceId))!;
    expect(view.radianEvents?.map((e) => [e.code, e.issue_date, e.issued_by_us])).toEqual([
      ['030', '2026-03-11', false],
      ['032', '2026-03-11', false],
      ['034', '2026-03-17', true],
    ]);
    expect(await diffAgainstRebuild(events, live)).toEqual([]);
    await live.save({ ...view, radianEvents: view.radianEvents!.slice(0, 2) });
    expect(await diffAgainstRebuild(events, live)).toEqual([inv.invoiceId]);
  });

  it('diffViews names the invoices that differ or exist on one side only', () => {
    const [a, b, c] = [1, 2, 3].map((n) => invoiceFixture({ consecutive: n }));
    const aView = fold([a!.requested(), a!.signed()])!;
    const bView = fold([b!.requested()])!;
    const cView = fold([c!.requested()])!;
    const reordered = Object.fromEntries(Object.entries(aView).reverse()) as typeof aView;
    expect(diffViews([aView, bView], [bView, reordered])).toEqual([]);
    expect(diffViews([aView, bView], [{ ...aView, history: aView.history.slice(0, 1) }, bView, cView])).toEqual([
      a!.invoiceId,
      c!.invoiceId,
    ]);
  });

  it('diffAgainstRebuild finds a live view that drifted from the events', async () => {
    const { events, invoices } = await seededEventStore();
    const live = statusStore();
    await rebuildStatusViews(events, live);
    expect(await diffAgainstRebuild(events, live)).toEqual([]);
    const drifted = (await live.get(invoices[2].invoiceId))!;
    await live.save({ ...drifted, stage: 'submitted' });
    expect(await diffAgainstRebuild(events, live)).toEqual([invoices[2].invoiceId]);
  });
});
