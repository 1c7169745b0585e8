import { topology } from '@fe/contracts';
import {
  reactionService,
  type BlobStore,
  type Clock,
  type EventBus,
  type EventStore,
  type Logger,
  type ServiceModule,
} from '@fe/platform';
import { defaultSignerConfig, type SignerConfig } from './config.ts';
import { onInvoiceRequested } from './on-invoice-requested/handler.ts';
import type { SigningTenants } from './on-invoice-requested/signing-tenants.ts';
import type { XmlSigner } from './ports/xml-signer.ts';

export type SignerServicePorts = {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  /** A TenantDirectory (@fe/tenancy) fits. */
  tenants: SigningTenants;
  /** Owned by the composition root: stop() does not close it. */
  signer: XmlSigner;
  clock: Clock;
  logger: Logger;
};

/**
 * The signer as a service module, reacting to InvoiceRequested and a note's first event; both composition roots
 * build it from ports.
 */
export function createSignerService(
  ports: SignerServicePorts,
  config: SignerConfig = defaultSignerConfig,
): ServiceModule {
  const group = topology.signer.consumerGroup ?? 'fe.signer';
  const sign = onInvoiceRequested(ports, { algorithm: config.digestAlgorithm });
  return reactionService('signer', ports.bus, {
    group,
    logger: ports.logger,
    maxAttempts: config.maxAttempts,
    retryBackoffMs: config.retryBackoffMs,
    // A note is signed like an invoice, on its own stream (docs/signing.md, "Credit and debit notes").
    handlers: { InvoiceRequested: sign, CreditNoteRequested: sign, DebitNoteRequested: sign },
  });
}
