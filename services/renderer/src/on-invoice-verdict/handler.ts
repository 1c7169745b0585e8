import { createHash } from 'node:crypto';
import type { InvoiceRenderedV1 } from '@fe/contracts';
import {
  documentKey,
  documentStream,
  lazyChild,
  metaCausedBy,
  newInvoiceEvent,
  runReaction,
  type BlobStore,
  type Clock,
  type DeliveredMessage,
  type EventStore,
  type Logger,
} from '@fe/platform';
import { inSpan, tracerFor } from '@fe/telemetry';
import { RendererError } from '../errors.ts';
import type { InvoiceRenderer } from '../ports/invoice-renderer.ts';
import { decideRendering, invoiceRenderedData, renderedPdfKey, type InvoiceVerdict } from './decide.ts';
import type { RenderingTenants } from './rendering-tenants.ts';
import { signedXml } from './signed-xml.ts';

export type OnInvoiceVerdictPorts = {
  store: EventStore;
  blobs: BlobStore;
  renderer: InvoiceRenderer;
  clock: Clock;
  logger: Logger;
  tenants?: RenderingTenants | undefined;
};

/**
 * A verdict → PDF in the blob store → InvoiceRendered, on the shared reaction runner. The same XML gives the same
 * PDF bytes, so a race loser's blob write is harmless.
 */
export function onInvoiceVerdict(ports: OnInvoiceVerdictPorts) {
  const tracer = tracerFor('fe.renderer');
  return async (event: InvoiceVerdict, message?: DeliveredMessage): Promise<void> => {
    const log = lazyChild(ports.logger, {
      reaction: 'on-invoice-verdict',
      invoice_id: event.invoice_id,
      event_id: event.id,
      attempt: message?.attempt ?? 1,
    });
    const stream = event.invoice_id;
    if (!stream) throw new RendererError('VERDICT_NOT_RECORDED', 'the delivered verdict has no invoice_id');
    try {
      const run = await runReaction({
        store: ports.store,
        stream,
        fold: documentStream,
        decide: (state) => decideRendering(event, state),
        act: async ({ requested, signed, validatedAt }) => {
          const softwareProviderName = (await ports.tenants?.profile(requested.tenant_id))?.software.providerName;
          const xml = await signedXml(ports.blobs, signed);
          const pdf = await inSpan(
            tracer,
            'render pdf',
            { attributes: { 'fe.invoice_id': stream, 'fe.verdict': event.type } },
            async (span) => {
              const drawn = await ports.renderer.render({
                xml,
                options: {
                  ...(validatedAt !== undefined ? { validatedAt } : {}),
                  ...(softwareProviderName !== undefined ? { softwareProviderName } : {}),
                },
                // The PDF's CUFE (a note's CUDE) and QR come from the XML: it must be the document that was requested.
                expected: { cufe: documentKey(requested), environment: requested.data.environment },
              });
              span.setAttributes({ 'fe.pdf.pages': drawn.pageCount, 'fe.pdf.bytes': drawn.bytes.length });
              return drawn;
            },
          );
          const pdfKey = renderedPdfKey(requested.tenant_id, requested.data.document_id);
          // Stored before the event that points at it, so a reader never follows a key to nothing.
          await ports.blobs.put(pdfKey, pdf.bytes, 'application/pdf');
          const data = invoiceRenderedData(pdfKey, createHash('sha256').update(pdf.bytes).digest('hex'), pdf.pageCount);
          return { events: [newInvoiceEvent('InvoiceRendered', data, metaCausedBy(event), ports.clock)] };
        },
      });
      if (run.outcome === 'skipped') {
        // not_signed cannot happen in the flow (DIAN only sees signed invoices): worth a warning. Every ordinary
        // invoice's signature awaits its verdict: nothing to say.
        const reason = run.decision.reason;
        log[reason === 'not_signed' ? 'warn' : reason === 'awaits_verdict' ? 'debug' : 'info'](
          { outcome: 'skipped', reason: run.decision.reason },
          'no PDF to draw',
        );
      } else if (run.outcome === 'lost_race') {
        log.info({ outcome: 'lost_race' }, 'another delivery recorded InvoiceRendered first; nothing to do');
      } else {
        const { data } = run.events[0] as InvoiceRenderedV1;
        log.info(
          { outcome: 'rendered', pdf_key: data.pdf_key, pages: data.pages, verdict: event.type },
          'invoice PDF drawn',
        );
      }
    } catch (error) {
      // Final failures get one line with their stable code; transient ones are the bus's warning.
      if (error instanceof RendererError && !error.retriable) {
        log.error({ code: error.code, verdict: event.type }, 'invoice PDF cannot be drawn');
      }
      throw error;
    }
  };
}
