import { topology, type InvoiceEvent, type InvoiceEventType } from '@fe/contracts';
import {
  STORE_POSITION_HEADER,
  subscribeInvoiceEvents,
  type DeliveredMessage,
  type EventBus,
  type InvoiceEventHandlers,
  type Logger,
  type ServiceModule,
  type Subscription,
} from '@fe/platform';
import { applyEvent } from './apply-event.ts';
import { waitForView, type InvoiceStatusView, type ViewSource, type ViewWaiter } from '@fe/invoice-status';
import type { StatusStore } from '@fe/invoice-status';

export type StatusProjection = ServiceModule & {
  /** Called after every stored change; returns the function that unsubscribes. */
  onChange(listener: (view: InvoiceStatusView) => void): () => void;
  /**
   * Resolves with the view once it satisfies `predicate`, or the latest after `timeoutMs`; rejects when the store
   * cannot read it.
   */
  waitFor(
    invoiceId: string,
    predicate: (view: InvoiceStatusView) => boolean,
    timeoutMs: number,
  ): Promise<InvoiceStatusView | undefined>;
};

export type StatusProjectionPorts = {
  bus: EventBus;
  store: StatusStore;
  logger: Logger;
  /** Bus retry settings; the bus's defaults when absent. */
  maxAttempts?: number;
  retryBackoffMs?: number;
};

const group = topology.projection.consumerGroup ?? 'fe.projection';

/**
 * The status read model as a service, so the status endpoint reads one row; `waitFor` lets the ingress answer
 * POST /invoice with a verdict that comes within its wait budget.
 */
export function createStatusProjection(ports: StatusProjectionPorts): StatusProjection {
  // The composition root hands in the service's child logger.
  const { bus, store, logger } = ports;
  const listeners = new Set<(view: InvoiceStatusView) => void>();
  const waiters = new Set<ViewWaiter>();
  let subscription: Subscription | undefined;
  const source: ViewSource = {
    read: (invoiceId) => store.get(invoiceId),
    add: (waiter) => void waiters.add(waiter),
    remove: (waiter) => void waiters.delete(waiter),
    offer: (waiter, view) => {
      if (guarded(() => waiter.until(view), view)) waiter.finish(view);
    },
  };

  function changed(view: InvoiceStatusView): void {
    for (const waiter of waiters) {
      if (waiter.invoiceId === view.invoiceId) source.offer(waiter, view);
    }
    for (const listener of listeners) guarded(() => listener(view), view);
  }

  /**
   * A listener's failure is its own: throwing into the handler would make the bus redeliver an event already stored.
   */
  function guarded<T>(call: () => T, view: InvoiceStatusView): T | undefined {
    try {
      return call();
    } catch (error) {
      logger.error({ err: error, invoice_id: view.invoiceId }, 'status change listener failed');
      return undefined;
    }
  }

  async function handle(event: InvoiceEvent, message: DeliveredMessage): Promise<void> {
    const outcome = await applyEvent(store, event, {
      invoiceId: event.invoice_id ?? message.key,
      position: positionOf(message),
    });
    await store.flushed(); // committed before the bus counts the event handled and before anyone hears of it
    if (outcome.kind === 'changed') changed(outcome.view);
    else if (outcome.kind === 'orphan') {
      logger.warn(
        { event_id: event.id, type: event.type, invoice_id: event.invoice_id, tenant_id: event.tenant_id },
        'event for an invoice never requested; skipped',
      );
    }
  }

  const types = topology.projection.consumes as readonly InvoiceEventType[];
  const handlers = Object.fromEntries(types.map((type) => [type, handle])) as InvoiceEventHandlers;

  return {
    name: 'projection',
    async start() {
      if (subscription) return;
      subscription = await subscribeInvoiceEvents(bus, {
        group,
        handlers,
        logger,
        ...(ports.maxAttempts !== undefined ? { maxAttempts: ports.maxAttempts } : {}),
        ...(ports.retryBackoffMs !== undefined ? { retryBackoffMs: ports.retryBackoffMs } : {}),
      });
      logger.info({ group }, 'projection subscribed');
    },
    async stop() {
      const current = subscription;
      subscription = undefined;
      await current?.stop();
      // Nobody waits out a timer on a stopped service: each waiter gets the view as it stands.
      await Promise.all([...waiters].map((waiter) => store.get(waiter.invoiceId).then(waiter.finish, waiter.fail)));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    waitFor(invoiceId, predicate, timeoutMs) {
      // The status store failing to answer is the caller's error to report, as before the wait.
      return waitForView(invoiceId, predicate, timeoutMs, source);
    },
  };
}

/** The relay's store position, when the message came through it. */
function positionOf(message: DeliveredMessage): bigint | undefined {
  const header = message.headers?.[STORE_POSITION_HEADER];
  return header !== undefined && /^\d{1,19}$/.test(header) ? BigInt(header) : undefined;
}
