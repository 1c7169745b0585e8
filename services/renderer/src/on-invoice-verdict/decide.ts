import type {
  CreditNoteRequestedV1, DebitNoteRequestedV1, InvoiceAcceptedV1, InvoiceEvent, InvoiceRejectedV1, InvoiceRenderedV1, InvoiceRequestedV1, InvoiceSignedV1,
} from '@fe/contracts';
import { findEvent } from '@fe/platform';
import { RendererError } from '../errors.ts';

/** DIAN's verdict: the PDF is drawn once, after it, so an accepted invoice's PDF carries its validation time. */
export type InvoiceVerdict = InvoiceAcceptedV1 | InvoiceRejectedV1;

/** A stream's first event: which document it is (an invoice, a credit or a debit note) and what ingress recorded of it. */
export type DocumentRequested = InvoiceRequestedV1 | CreditNoteRequestedV1 | DebitNoteRequestedV1;

/** The key the signed XML's cbc:UUID must carry: the invoice's CUFE, a note's CUDE. */
export const recordedKey = (requested: DocumentRequested): string =>
  requested.type === 'InvoiceRequested' ? requested.data.cufe : requested.data.cude;

export type RenderingDecision =
  | { action: 'none'; reason: 'already_rendered' | 'not_signed' }
  | {
      action: 'render';
      requested: DocumentRequested;
      signed: InvoiceSignedV1;
      /** InvoiceAccepted.validated_at; undefined for a rejected invoice (the PDF says "pendiente"). */
      validatedAt: string | undefined;
    };

/**
 * What the renderer does about a delivered verdict, given the stream's recorded events (an
 * invoice's, or a credit or debit note's: the same pipeline)
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
  const requested = firstRequest(recorded);
  if (!requested) throw new RendererError('REQUEST_NOT_RECORDED', 'the stream holds InvoiceSigned but does not start with InvoiceRequested, CreditNoteRequested or DebitNoteRequested');
  return { action: 'render', requested, signed, validatedAt: findEvent(recorded, 'InvoiceAccepted')?.data.validated_at };
}

/** The stream's first event, when it is a document's request (the first event says which document it is). */
function firstRequest(recorded: readonly InvoiceEvent[]): DocumentRequested | undefined {
  const first = recorded[0];
  return first?.type === 'InvoiceRequested' || first?.type === 'CreditNoteRequested' || first?.type === 'DebitNoteRequested' ? first : undefined;
}

/** The blob key of a document's PDF, beside its signed XML. */
export const renderedPdfKey = (tenantId: string, documentId: string): string => `${tenantId}/${documentId}.pdf`;

export function invoiceRenderedData(pdfKey: string, pdfSha256: string, pageCount: number): InvoiceRenderedV1['data'] {
  return { pdf_key: pdfKey, pdf_sha256: pdfSha256, pages: pageCount };
}
