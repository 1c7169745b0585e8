import { randomUUID } from 'node:crypto';
import { topics } from '@fe/contracts';
import { evolve, waitForView, type InvoiceStatusView, type ViewSource, type ViewWaiter } from '@fe/invoice-status';
import {
  loadInvoiceStream,
  type EventBus,
  type EventStore,
  type Logger,
  type ServiceModule,
  type Subscription,
} from '@fe/platform';
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

/** The consumer-group prefix of every ingress instance's outcome watch (docs/guarantees.md, "Waiting for DIAN"). */
export const OUTCOMES_GROUP_PREFIX = 'fe.ingress.outcomes.';

/**
 * Waits for a verdict when the other services are other processes: the bus is the doorbell, the event store the
 * answer, so events published early, twice or out of order are still in the stream the next read folds.
 */
export function createBusInvoiceOutcomes(ports: BusInvoiceOutcomesPorts): InvoiceOutcomes & ServiceModule {
  const { bus, store, logger } = ports;
  const group = ports.group ?? `${OUTCOMES_GROUP_PREFIX}${randomUUID()}`;
  const waiting = new Map<string, Set<ViewWaiter>>();
  /** One read per invoice at a time; a ring during a read asks for one more read after it. */
  const reading = new Map<string, { again: boolean }>();
  let subscription: Subscription | undefined;

  async function currentView(invoiceId: string): Promise<InvoiceStatusView | undefined> {
    const { events } = await loadInvoiceStream(store, invoiceId);
    return events.reduce<InvoiceStatusView | undefined>(evolve, undefined);
  }

  const source: ViewSource = {
    read: currentView,
    add: (waiter) => void waiting.set(waiter.invoiceId, (waiting.get(waiter.invoiceId) ?? new Set()).add(waiter)),
    remove: (waiter) => {
      const waiters = waiting.get(waiter.invoiceId);
      waiters?.delete(waiter);
      if (waiters?.size === 0) waiting.delete(waiter.invoiceId);
    },
    offer: (waiter, view) => {
      try {
        if (waiter.until(view)) waiter.finish(view);
      } catch (error) {
        waiter.fail(error);
      }
    },
  };

  /**
   * Reads the stream again for whoever waits; a failed read leaves them waiting (the last read at the deadline
   * decides).
   */
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
          const view = await currentView(invoiceId);
          if (view) for (const waiter of waiting.get(invoiceId) ?? []) source.offer(waiter, view);
        } catch (error) {
          logger.warn(
            { err: error, invoice_id: invoiceId },
            'reading the invoice stream for a waiting request failed; the deadline reads it again',
          );
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
        topic: ports.topic ?? topics.invoiceEvents.name,
        group,
        from: 'latest',
        // Only the instance waiting for the invoice draws a span for it (the tracing bus skips the rest).
        handles: (message) => waiting.has(message.value.invoice_id ?? message.key),
        // The relay keys an invoice's events by its id: an instance decodes only what someone here waits for.
        wanted: (message) => waiting.has(message.key),
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
      await Promise.all(
        [...waiting].flatMap(([invoiceId, waiters]) =>
          [...waiters].map((waiter) => currentView(invoiceId).then(waiter.finish, waiter.fail)),
        ),
      );
    },
    waitFor(invoiceId, until, timeoutMs) {
      // The event store failing to answer is the caller's error to report, as before the wait.
      return waitForView(invoiceId, until, timeoutMs, source);
    },
  };
}
