import { randomUUID } from 'node:crypto';
import { topics } from '@fe/contracts';
import { evolve, type InvoiceStatusView } from '@fe/invoice-status';
import { loadInvoiceStream, type EventBus, type EventStore, type Logger, type ServiceModule, type Subscription } from '@fe/platform';
import type { InvoiceOutcomes } from './invoice-outcomes.ts';

export type BusInvoiceOutcomesPorts = {
  bus: EventBus;
  /** The event store this ingress appends to: each invoice's own stream is the answer. */
  store: EventStore;
  logger: Logger;
  /** This instance's own consumer group; unique by default, so every ingress instance hears every event. */
  group?: string;
  /** The invoice event topic; the contracts' by default. */
  topic?: string;
};

type Waiter = {
  until: (view: InvoiceStatusView) => boolean;
  finish: (view: InvoiceStatusView | undefined) => void;
  fail: (error: unknown) => void;
};

/** The consumer-group prefix of every ingress instance's outcome watch (docs/service.md, "Waiting for DIAN"). */
export const OUTCOMES_GROUP_PREFIX = 'fe.ingress.outcomes.';

/**
 * The ingress's wait for a verdict when the projection, signer, submitter and renderer may be other
 * processes, and other ingress instances serve beside this one. The bus is the doorbell, the event
 * store the answer: this instance subscribes with its own consumer group from the topic's end, and
 * an event for an invoice it waits for makes it read that invoice's stream and fold it with
 * `evolve`. Reading the stream (rather than folding what the bus carried) is what makes the order of
 * things harmless: an event published before `waitFor` registered, before this instance's
 * subscription began, twice, or out of order, is still in the stream the next read folds.
 * Events for invoices nobody here waits for cost one set lookup.
 *
 *   const outcomes = createBusInvoiceOutcomes({ bus, store, logger });
 *   await outcomes.start();                      // before the first request: its group starts at the end
 *   const view = await outcomes.waitFor(invoiceId, (v) => v.status !== 'pending', 10_000);
 */
export function createBusInvoiceOutcomes(ports: BusInvoiceOutcomesPorts): InvoiceOutcomes & ServiceModule {
  const { bus, store, logger } = ports;
  const group = ports.group ?? `${OUTCOMES_GROUP_PREFIX}${randomUUID()}`;
  const waiting = new Map<string, Set<Waiter>>();
  /** One read per invoice at a time; a ring during a read asks for one more read after it. */
  const reading = new Map<string, { again: boolean }>();
  let subscription: Subscription | undefined;

  async function currentView(invoiceId: string): Promise<InvoiceStatusView | undefined> {
    const { events } = await loadInvoiceStream(store, invoiceId);
    return events.reduce<InvoiceStatusView | undefined>(evolve, undefined);
  }

  function offer(invoiceId: string, view: InvoiceStatusView | undefined): void {
    if (!view) return;
    for (const waiter of waiting.get(invoiceId) ?? []) {
      let holds = false;
      try {
        holds = waiter.until(view);
      } catch (error) {
        waiter.fail(error);
        continue;
      }
      if (holds) waiter.finish(view);
    }
  }

  /** Reads the stream again for whoever waits; a failed read leaves them waiting (the last read at the deadline decides). */
  function ring(invoiceId: string): void {
    const running = reading.get(invoiceId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    reading.set(invoiceId, state);
    void (async () => {
      while (state.again && waiting.has(invoiceId)) {
        state.again = false;
        try {
          offer(invoiceId, await currentView(invoiceId));
        } catch (error) {
          logger.warn({ err: error, invoice_id: invoiceId }, 'reading the invoice stream for a waiting request failed; the deadline reads it again');
        }
      }
      reading.delete(invoiceId);
    })();
  }

  return {
    name: 'ingress-outcomes',
    async start() {
      if (subscription) return;
      subscription = await bus.subscribe({
        topic: ports.topic ?? topics.invoiceEvents.name, group, from: 'latest',
        handler: async (message) => {
          const invoiceId = message.value.invoice_id ?? message.key;
          if (waiting.has(invoiceId)) ring(invoiceId);
        },
      });
      logger.info({ group }, 'ingress watching invoice outcomes');
    },
    async stop() {
      const current = subscription;
      subscription = undefined;
      await current?.stop();
      // Nobody waits out a timer on a stopped watch: each waiter gets the view as it stands.
      await Promise.all([...waiting].flatMap(([invoiceId, waiters]) =>
        [...waiters].map((waiter) => currentView(invoiceId).then(waiter.finish, waiter.fail))));
    },
    waitFor(invoiceId, until, timeoutMs) {
      return new Promise((resolve, reject) => {
        let done = false;
        const settle = (then: () => void) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          const waiters = waiting.get(invoiceId);
          waiters?.delete(waiter);
          if (waiters?.size === 0) waiting.delete(invoiceId);
          then();
        };
        const waiter: Waiter = {
          until,
          finish: (view) => settle(() => resolve(view)),
          // The event store failing to answer is the caller's error to report, as before the wait.
          fail: (error) => settle(() => reject(error)),
        };
        // Registered before the first read: an event appended while the read is under way rings again.
        const waiters = waiting.get(invoiceId) ?? new Set<Waiter>();
        waiting.set(invoiceId, waiters.add(waiter));
        const timer = setTimeout(() => void currentView(invoiceId).then(waiter.finish, waiter.fail), Math.max(0, timeoutMs));
        currentView(invoiceId).then((view) => offer(invoiceId, view), waiter.fail);
      });
    },
  };
}
