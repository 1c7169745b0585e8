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
import { defaultRendererConfig, type RendererConfig } from './config.ts';
import { onInvoiceVerdict } from './on-invoice-verdict/handler.ts';
import type { RenderingTenants } from './on-invoice-verdict/rendering-tenants.ts';
import type { InvoiceRenderer } from './ports/invoice-renderer.ts';

export type RendererServicePorts = {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  /**
   * An instance, e.g. `pdfkitRenderer()` (on the event loop) or `createRendererPool()` (on worker threads; the caller
   * closes it).
   */
  renderer: InvoiceRenderer;
  clock: Clock;
  logger: Logger;
  /** Optional: the software provider's name printed on the PDF (a TenantDirectory fits). */
  tenants?: RenderingTenants | undefined;
};

/**
 * The renderer as a service module, reacting to DIAN's verdict so the PDF is drawn once and carries DIAN's
 * validation time.
 */
export function createRendererService(
  ports: RendererServicePorts,
  config: RendererConfig = defaultRendererConfig,
): ServiceModule {
  const group = topology.renderer.consumerGroup ?? 'fe.renderer';
  const onVerdict = onInvoiceVerdict(ports);
  return reactionService('renderer', ports.bus, {
    group,
    logger: ports.logger,
    maxAttempts: config.maxAttempts,
    retryBackoffMs: config.retryBackoffMs,
    handlers: { InvoiceAccepted: onVerdict, InvoiceRejected: onVerdict, InvoiceSigned: onVerdict },
  });
}
