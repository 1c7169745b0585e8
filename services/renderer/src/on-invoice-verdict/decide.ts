import type {
  InvoiceAcceptedV1, InvoiceEvent, InvoiceRejectedV1, InvoiceRenderedV1, InvoiceRequestedV1, InvoiceSignedV1,
} from '@fe/contracts';
import { findEvent } from '@fe/platform';
import { RendererError } from '../errors.ts';

/** DIAN's verdict: the PDF is drawn once, after it, so an accepted invoice's PDF carries its validation time. */
export type InvoiceVerdict = InvoiceAcceptedV1 | InvoiceRejectedV1;

export type RenderingDecision =
  | { action: 'none'; reason: 'already_rendered' | 'not_signed' }
  | {
      action: 'render';
      requested: InvoiceRequestedV1;
      signed: InvoiceSignedV1;
      /** InvoiceAccepted.validated_at; undefined for a rejected invoice (the PDF says "pendiente"). */
      validatedAt: string | undefined;
    };

/**
 * What the renderer does about a delivered verdict, given the invoice's recorded events
 * (docs/architecture.md convention 1: pure; the handler does the I/O). A redelivery finds
 * InvoiceRendered and does nothing. Everything is read from the stream, the source of truth; the
 * delivered event only has to be one the stream holds (the relay publishes nothing else).
 *
 *   decideRendering(event, (await loadInvoiceStream(store, event.invoice_id)).events)
 */
export function decideRendering(delivered: InvoiceVerdict, recorded: readonly InvoiceEvent[]): RenderingDecision {
  if (!recorded.some((e) => e.id === delivered.id && e.type === delivered.type)) {
    throw new RendererError('VERDICT_NOT_RECORDED', `the delivered ${delivered.type} ${delivered.id} is not recorded in its invoice stream`);
  }
  if (findEvent(recorded, 'InvoiceRendered')) return { action: 'none', reason: 'already_rendered' };
  const signed = findEvent(recorded, 'InvoiceSigned');
  if (!signed) return { action: 'none', reason: 'not_signed' };
  const requested = findEvent(recorded, 'InvoiceRequested');
  if (!requested) throw new RendererError('REQUEST_NOT_RECORDED', 'the invoice stream holds InvoiceSigned but no InvoiceRequested');
  return { action: 'render', requested, signed, validatedAt: findEvent(recorded, 'InvoiceAccepted')?.data.validated_at };
}

/** The blob key of an invoice's PDF, beside its signed XML. */
export const renderedPdfKey = (tenantId: string, documentId: string): string => `${tenantId}/${documentId}.pdf`;

export function invoiceRenderedData(pdfKey: string, pdfSha256: string, pageCount: number): InvoiceRenderedV1['data'] {
  return { pdf_key: pdfKey, pdf_sha256: pdfSha256, pages: pageCount };
}
