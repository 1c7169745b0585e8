import { topics, type InvoiceEvent, type InvoiceEventType } from '@fe/contracts';
import { isTransientStorageError } from '../delivery/transient-storage-error.ts';
import { parseDelivered } from '../invoice-stream/parse-invoice-event.ts';
import type { DeliveredMessage, EventBus, Subscription } from '../ports/event-bus.ts';
import { eventTypeOfHeaders } from '../relay/cloud-events.ts';
import type { Logger } from '../ports/logger.ts';
import type { ServiceModule } from '../ports/service-module.ts';

export type InvoiceEventHandlers = {
  [T in InvoiceEventType]?: (event: Extract<InvoiceEvent, { type: T }>, message: DeliveredMessage) => Promise<void>;
};

export type ReactionOptions = {
  /** Consumer group, named after the service (contracts/topology.ts). */
  group: string;
  handlers: InvoiceEventHandlers;
  logger: Logger;
  maxAttempts?: number;
  retryBackoffMs?: number;
};

/**
 * Subscribes a service's reactions to the invoice topic, parsing only the types it handles. Redelivery is
 * normal, so handlers decide from what the stream already records.
 */
export function subscribeInvoiceEvents(bus: EventBus, options: ReactionOptions): Promise<Subscription> {
  const { group, handlers, logger } = options;
  return bus.subscribe({
    topic: topics.invoiceEvents.name,
    group,
    handles: (message) => handlers[message.value.type as InvoiceEventType] !== undefined,
    // Types it has no handler for are passed over before decoding (a message without `ce_type` is decoded).
    wanted: (message) => {
      const type = eventTypeOfHeaders(message.headers);
      return type === undefined || handlers[type as InvoiceEventType] !== undefined;
    },
    ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
    ...(options.retryBackoffMs !== undefined ? { retryBackoffMs: options.retryBackoffMs } : {}),
    handler: async (message) => {
      const handler = handlers[message.value.type as InvoiceEventType] as
        ((event: InvoiceEvent, message: DeliveredMessage) => Promise<void>) | undefined;
      if (!handler) return;
      const event = parseDelivered(message.value);
      try {
        await handler(event, message);
      } catch (error) {
        const transient = isTransientStorageError(error);
        logger.warn(
          {
            err: error,
            group,
            event_id: event.id,
            type: event.type,
            invoice_id: event.invoice_id,
            attempt: message.attempt,
            ...(transient ? { transient: true, behind: message.behind?.toString() } : {}),
          },
          transient
            ? 'storage unavailable; the bus retries until it recovers, this group is behind meanwhile'
            : 'reaction failed; the bus will redeliver',
        );
        throw error;
      }
    },
  });
}

/** A service whose whole life is one set of reactions (the signer, the renderer). */
export function reactionService(name: string, bus: EventBus, options: ReactionOptions): ServiceModule {
  let subscription: Subscription | undefined;
  return {
    name,
    async start() {
      subscription ??= await subscribeInvoiceEvents(bus, options);
    },
    async stop() {
      const current = subscription;
      subscription = undefined;
      await current?.stop();
    },
  };
}
