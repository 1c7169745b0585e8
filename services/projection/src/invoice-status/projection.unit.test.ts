import type { InvoiceEvent } from '@fe/contracts';
import { InProcessEventBus } from '@fe/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asMessage, invoiceFixture } from '@fe/invoice-status/testing';
import { recordingLogger } from '../../test-support/recording-logger.ts';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import { createStatusProjection, type StatusProjection } from './projection.ts';
import { SqliteStatusStore } from '@fe/invoice-status';

const topic = 'fe.invoice.events.v1';
const fold = (events: InvoiceEvent[]) => events.reduce(evolve, undefined);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const bus = new InProcessEventBus();
  const store = new SqliteStatusStore(':memory:');
  const logger = recordingLogger();
  const projection = createStatusProjection({ bus, store, logger, retryBackoffMs: 1 });
  cleanups.push(
    () => store.close(),
    () => bus.close(),
    () => projection.stop(),
  );
  await projection.start();
  const publish = (...events: InvoiceEvent[]) =>
    bus.publish(
      topic,
      events.map((e) => asMessage(e)),
    );
  return { bus, store, logger, projection, publish };
}

const settled = (projection: StatusProjection, event: InvoiceEvent) =>
  projection.waitFor(event.invoice_id!, (v) => v.lastEventId === event.id, 2000);

describe('status projection', () => {
  it('stores what the pure fold gives, with redeliveries and the verdict before the PDF', async () => {
    const { store, publish } = await setup();
    const a = invoiceFixture({ consecutive: 1 });
    const b = invoiceFixture({ consecutive: 2 });
    const [aReq, aSig, aSub, aAcc, aPdf, aMail] = [
      a.requested(),
      a.signed(),
      a.submitted(),
      a.accepted([{ rule: 'FAJ40', message: 'n' }]),
      a.rendered(),
      a.notified(),
    ];
    const [bReq, bSig, bFail, bSub, bRej, bPdf] = [
      b.requested(),
      b.signed(),
      b.failed(1),
      b.submitted(2),
      b.rejected(),
      b.rendered(),
    ];
    const aStream = [aReq, aReq, aSig, aSub, aSub, aAcc, aPdf, aMail, aMail];
    const bStream = [bReq, bSig, bFail, bSub, bRej, bPdf, bPdf];
    await publish(...aStream.slice(0, 4), ...bStream.slice(0, 3), ...aStream.slice(4), ...bStream.slice(3));
    await vi.waitFor(async () => {
      expect(await store.get(a.invoiceId)).toEqual(fold(aStream));
      expect(await store.get(b.invoiceId)).toEqual(fold(bStream));
    });
    expect(await store.get(a.invoiceId)).toMatchObject({
      status: 'accepted',
      stage: 'accepted',
      pdfKey: `demo/${a.documentId}.pdf`,
      updatedAt: aMail.occurred_at,
    });
    expect(await store.get(b.invoiceId)).toMatchObject({
      status: 'rejected',
      pdfKey: `demo/${b.documentId}.pdf`,
      updatedAt: bPdf.occurred_at,
    });
    expect((await store.get(b.invoiceId))!.lastSubmissionFailure).toBeUndefined();
  });

  it('skips an older event the relay publishes again, by its store position', async () => {
    const { bus, store, projection } = await setup();
    const inv = invoiceFixture();
    const events = [inv.requested(), inv.signed(), inv.failed(1), inv.submitted(2), inv.accepted()];
    await bus.publish(
      topic,
      events.map((e, i) => asMessage(e, BigInt(i + 1))),
    );
    await settled(projection, events[4]!);
    // A relay restarted from an older checkpoint replays positions 2..4; folded again, they would
    // at least move lastEventId back to InvoiceSubmitted.
    await bus.publish(
      topic,
      events.slice(1, 4).map((e, i) => asMessage(e, BigInt(i + 2))),
    );
    const marker = invoiceFixture({ consecutive: 2 }).requested();
    await bus.publish(topic, [asMessage(marker, 6n)]);
    await settled(projection, marker);
    await vi.waitFor(async () => expect(await store.positionOf(inv.invoiceId)).toBe(5n));
    expect(await store.get(inv.invoiceId)).toEqual(fold(events));
  });

  it('waitFor resolves as soon as the view satisfies the predicate', async () => {
    const { projection, publish } = await setup();
    const inv = invoiceFixture();
    const waiting = projection.waitFor(inv.invoiceId, (v) => v.status !== 'pending', 10_000);
    const started = Date.now();
    await publish(inv.requested(), inv.signed(), inv.submitted(), inv.accepted());
    const view = await waiting;
    expect(view).toMatchObject({ invoiceId: inv.invoiceId, status: 'accepted' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('waitFor answers at once when the stored view already satisfies the predicate', async () => {
    const store = new SqliteStatusStore(':memory:');
    cleanups.push(() => store.close());
    const projection = createStatusProjection({ bus: new InProcessEventBus(), store, logger: recordingLogger() });
    const inv = invoiceFixture();
    const view = fold([inv.requested()])!;
    await store.save(view);
    let resolved: InvoiceStatusView | undefined;
    void projection.waitFor(inv.invoiceId, (v) => v.stage === 'requested', 60_000).then((v) => (resolved = v));
    await new Promise((resolve) => setImmediate(resolve)); // one read of the store, not the 60 s budget
    expect(resolved).toEqual(view);
  });

  it('waitFor hears of a change stored while its first read of the store is under way', async () => {
    const bus = new InProcessEventBus();
    const store = new SqliteStatusStore(':memory:');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const heldGet = async (invoiceId: string) => {
      const view = await store.get(invoiceId);
      if (reads++ === 0) await held;
      return view;
    };
    // The first read (waitFor's) answers late, as a server may; everything else goes straight through.
    const slowReads = new Proxy(store, {
      get: (target, property) =>
        property === 'get' ? heldGet : (Reflect.get(target, property) as (...args: unknown[]) => unknown).bind(target),
    });
    const projection = createStatusProjection({ bus, store: slowReads, logger: recordingLogger() });
    cleanups.push(
      () => store.close(),
      () => bus.close(),
      () => projection.stop(),
    );
    await projection.start();
    const inv = invoiceFixture();
    const waiting = projection.waitFor(inv.invoiceId, (v) => v.stage === 'requested', 60_000);
    const requested = inv.requested();
    await bus.publish(topic, [asMessage(requested)]);
    await vi.waitFor(async () => expect(await store.get(inv.invoiceId)).toBeDefined());
    release(); // the first read answers "nothing yet", after the change was announced
    await expect(waiting).resolves.toMatchObject({ lastEventId: requested.id });
  });

  it("waitFor fails with the store's error when the view cannot be read", async () => {
    const store = new SqliteStatusStore(':memory:');
    const projection = createStatusProjection({ bus: new InProcessEventBus(), store, logger: recordingLogger() });
    await store.close();
    await expect(projection.waitFor('inv-demo-SETP1', () => true, 60_000)).rejects.toThrow();
  });

  it('waitFor gives the latest view, or undefined, when the time runs out', async () => {
    const { projection, publish } = await setup();
    const inv = invoiceFixture();
    const signed = inv.signed();
    await publish(inv.requested(), signed);
    await settled(projection, signed);
    await expect(projection.waitFor(inv.invoiceId, (v) => v.status === 'accepted', 30)).resolves.toMatchObject({
      stage: 'signed',
      status: 'pending',
    });
    await expect(projection.waitFor('inv-demo-SETP404', () => true, 30)).resolves.toBeUndefined();
  });

  it('releases waiters with the current view when stopped', async () => {
    const { projection, publish } = await setup();
    const inv = invoiceFixture();
    const requested = inv.requested();
    await publish(requested);
    await settled(projection, requested);
    const waiting = projection.waitFor(inv.invoiceId, (v) => v.status === 'accepted', 60_000);
    await projection.stop();
    await expect(waiting).resolves.toMatchObject({ stage: 'requested' });
  });

  it('tells listeners of each change; a failing listener neither stops the fold nor causes a redelivery', async () => {
    const { projection, publish, logger } = await setup();
    const inv = invoiceFixture();
    const seen: string[] = [];
    const off = projection.onChange((v) => seen.push(v.stage));
    projection.onChange(() => {
      throw new Error('listener bug');
    });
    const [requested, signed, submitted] = [inv.requested(), inv.signed(), inv.submitted()];
    await publish(requested, requested, signed);
    await settled(projection, signed);
    off();
    await publish(submitted);
    await settled(projection, submitted);
    expect(seen).toEqual(['requested', 'signed']);
    expect(logger.entries.filter((e) => e.message === 'status change listener failed')).toHaveLength(3);
    expect(logger.entries.some((e) => e.message.includes('redeliver'))).toBe(false);
  });

  it('skips, and logs, an event of an invoice it never saw requested', async () => {
    const { store, publish, logger } = await setup();
    const inv = invoiceFixture();
    await publish(inv.signed());
    await vi.waitFor(() =>
      expect(logger.entries.some((e) => e.level === 'warn' && e.fields.invoice_id === inv.invoiceId)).toBe(true),
    );
    expect(await store.get(inv.invoiceId)).toBeUndefined();
  });
});
