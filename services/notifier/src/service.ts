import { topology } from '@fe/contracts';
import type { FileCounter } from '@fe/dian-client';
import type { MailTransport } from '@fe/mail';
import {
  reactionService,
  type BlobStore,
  type Clock,
  type EventBus,
  type EventStore,
  type Logger,
  type ServiceModule,
} from '@fe/platform';
import { defaultNotifierConfig, type NotifierConfig } from './config.ts';
import { onNotificationTrigger } from './on-notification-trigger/handler.ts';
import { onReceivedInvoiceEventRegistered } from './on-received-invoice-event-registered/handler.ts';
import type { AcquirerDirectory } from './ports/acquirer-directory.ts';
import type { NotifyingTenants } from './ports/notifying-tenants.ts';

export type NotifierServicePorts = {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  tenants: NotifyingTenants;
  /** `createSmtpTransport(…)` or `createOutboxTransport(folder)` from @fe/mail; the caller closes it. */
  transport: MailTransport;
  acquirers?: AcquirerDirectory | undefined;
  /** The issuer's file counter the buyer's AttachedDocument and zip are named from; the caller closes it. */
  fileCounter: FileCounter;
  clock: Clock;
  logger: Logger;
};

/**
 * The notifier as a service module: mails an accepted invoice once its PDF is drawn, and again on request.
 */
export function createNotifierService(
  ports: NotifierServicePorts,
  config: NotifierConfig = defaultNotifierConfig,
): ServiceModule {
  const group = topology.notifier.consumerGroup ?? 'fe.notifier';
  const onTrigger = onNotificationTrigger({ ...ports, from: config.from });
  return reactionService('notifier', ports.bus, {
    group,
    logger: ports.logger,
    maxAttempts: config.maxAttempts,
    retryBackoffMs: config.retryBackoffMs,
    handlers: {
      InvoiceRendered: onTrigger,
      BuyerNotificationRequested: onTrigger,
      // A contingency invoice's second mail, DIAN's answer inside (docs/contingency.md).
      InvoiceAccepted: onTrigger,
      // The buyer's side: its registered event goes to the supplier (docs/radian.md, "The buyer's side").
      ReceivedInvoiceEventRegistered: onReceivedInvoiceEventRegistered({ ...ports, from: config.from }),
    },
  });
}
