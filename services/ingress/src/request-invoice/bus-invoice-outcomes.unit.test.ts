import { topics } from '@fe/contracts';
import { createLogger, InProcessEventBus, SqliteEventStore, type EventStore } from '@fe/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { appendAndPublish, decidedAndDrawn, invoiceEvents } from '../../test-support/invoice-outcome-world.ts';
import { createBusInvoiceOutcomes } from './bus-invoice-outcomes.ts';

const topic = topics.invoiceEvents.name;
const logger = createLogger({ level: 'silent' });
const HOUR = 3600_000; // a budget no test waits out: a wait that depends on it fails by the test's timeout

/** Until every consumer group of `bus` has handled everything published through store position `last`. */
async function delivered(bus: InProcessEventBus, last: bigint): Promise<void> {
  while (bus.settledThrough(topic, last) < last) await new Promise((resolve) => setImmediate(resolve));
}

describe('the ingress waits for a verdict through the bus and the event store', () => {
  const open: { close(): Promise<void> }[] = [];
  const world = () => {
    const store = new SqliteEventStore(':memory:');
    const bus = new InProcessEventBus({ partitions: 4 });
    open.push(bus, store);
    return { store, bus };
  };
  const watch = async (bus: InProcessEventBus, store: EventStore) => {
    const outcomes = createBusInvoiceOutcomes({ bus, store, logger });
    await outcomes.start();
    open.unshift({ close: () => outcomes.stop() });
    return outcomes;
  };
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close();
  });

  it('answers with the verdict published after the wait began', async () => {
    const { store, bus } = world();
    const outcomes = await watch(bus, store);
    const invoice = invoiceEvents('990000001');
    await appendAndPublish(store, bus, topic, [invoice.requested]);
    const waiting = outcomes.waitFor(invoice.invoiceId, decidedAndDrawn, HOUR);
    await appendAndPublish(store, bus, topic, [invoice.accepted, invoice.rendered]);
    expect(await waiting).toMatchObject({
      invoiceId: invoice.invoiceId,
      status: 'accepted',
      pdfKey: 'demo/SETP990000001.pdf',
    });
  });

  it('answers at once when every event came before the waiter registered (they are in the stream)', async () => {
    const { store, bus } = world();
    const outcomes = await watch(bus, store);
    const invoice = invoiceEvents('990000002');
    const last = await appendAndPublish(store, bus, topic, [invoice.requested, invoice.accepted, invoice.rendered]);
    await delivered(bus, last); // the bus rang for nobody: only the stream can answer
    expect(await outcomes.waitFor(invoice.invoiceId, decidedAndDrawn, HOUR)).toMatchObject({
      status: 'accepted',
      pdfKey: 'demo/SETP990000002.pdf',
    });
  });

  it("two instances on one bus each answer their own request, and see the other's invoice only if they wait for it", async () => {
    const { store, bus } = world();
    const [a, b] = [await watch(bus, store), await watch(bus, store)];
    const [first, second] = [invoiceEvents('990000003'), invoiceEvents('990000004')];
    await appendAndPublish(store, bus, topic, [first.requested, second.requested]);
    const answers = Promise.all([
      a.waitFor(first.invoiceId, decidedAndDrawn, HOUR),
      b.waitFor(second.invoiceId, decidedAndDrawn, HOUR),
    ]);
    await appendAndPublish(store, bus, topic, [second.accepted, first.accepted, second.rendered, first.rendered]);
    const [answerA, answerB] = await answers;
    expect(answerA).toMatchObject({ invoiceId: first.invoiceId, status: 'accepted', pdfKey: 'demo/SETP990000003.pdf' });
    expect(answerB).toMatchObject({
      invoiceId: second.invoiceId,
      status: 'accepted',
      pdfKey: 'demo/SETP990000004.pdf',
    });
  });

  it('answers with the latest view when the budget runs out, and undefined for an invoice never requested', async () => {
    const { store, bus } = world();
    const outcomes = await watch(bus, store);
    const invoice = invoiceEvents('990000005');
    await appendAndPublish(store, bus, topic, [invoice.requested, invoice.accepted]); // no PDF yet
    expect(await outcomes.waitFor(invoice.invoiceId, decidedAndDrawn, 20)).toMatchObject({
      status: 'accepted',
      stage: 'accepted',
    });
    expect(await outcomes.waitFor('inv-demo-SETP1', decidedAndDrawn, 20)).toBeUndefined();
  });

  it('hands every waiter the view as it stands when it stops', async () => {
    const { store, bus } = world();
    const outcomes = createBusInvoiceOutcomes({ bus, store, logger });
    await outcomes.start();
    const invoice = invoiceEvents('990000006');
    await appendAndPublish(store, bus, topic, [invoice.requested]);
    const waiting = outcomes.waitFor(invoice.invoiceId, decidedAndDrawn, HOUR);
    await outcomes.stop();
    expect(await waiting).toMatchObject({ invoiceId: invoice.invoiceId, status: 'pending' });
  });

  it("rejects with the event store's error when the stream cannot be read", async () => {
    const { store, bus } = world();
    const failing: EventStore = {
      ...store,
      read: async () => {
        throw new Error('store down');
      },
      append: (...args) => store.append(...args),
      head: () => store.head(),
      readAll: (o) => store.readAll(o),
      close: async () => undefined,
    };
    const outcomes = createBusInvoiceOutcomes({ bus, store: failing, logger });
    await outcomes.start();
    open.unshift({ close: () => outcomes.stop().catch(() => undefined) });
    await expect(outcomes.waitFor('inv-demo-SETP1', decidedAndDrawn, HOUR)).rejects.toThrow('store down');
  });
});
