import type { InvoiceAcceptedV1, InvoiceRejectedV1, InvoiceRenderedV1, InvoiceSignedV1 } from '@fe/contracts';
import { documentStream, isContingencyInvoice, type DocumentRequested, type DocumentState } from '@fe/platform';
import { RendererError } from '../errors.ts';

/**
 * DIAN's verdict: the PDF is drawn once, after it, so an accepted invoice's PDF carries its validation time. A
 * contingency invoice (type 04) is drawn at its signature instead: the buyer gets it before DIAN does
 * (docs/contingency.md).
 */
export type InvoiceVerdict = InvoiceAcceptedV1 | InvoiceRejectedV1 | InvoiceSignedV1;

export type RenderingDecision =
  | { action: 'none'; reason: 'already_rendered' | 'not_signed' | 'awaits_verdict' }
  | {
      action: 'render';
      requested: DocumentRequested;
      signed: InvoiceSignedV1;
      /** InvoiceAccepted.validated_at; undefined for a rejected invoice (the PDF says "pendiente"). */
      validatedAt: string | undefined;
    };

/**
 * What the renderer does about a delivered verdict, from its stream's state (pure); a redelivery finds
 * InvoiceRendered and does nothing.
 */
export function decideRendering(delivered: InvoiceVerdict, state: DocumentState): RenderingDecision {
  if (state.recorded.get(delivered.id) !== delivered.type) {
    throw new RendererError(
      'VERDICT_NOT_RECORDED',
      `the delivered ${delivered.type} ${delivered.id} is not recorded in its invoice stream`,
    );
  }
  if (state.rendered) return { action: 'none', reason: 'already_rendered' };
  const { signed, requested } = state;
  if (!signed) return { action: 'none', reason: 'not_signed' };
  if (!requested)
    throw new RendererError(
      'REQUEST_NOT_RECORDED',
      'the stream holds InvoiceSigned but does not start with InvoiceRequested, CreditNoteRequested or DebitNoteRequested',
    );
  if (delivered.type === 'InvoiceSigned' && !isContingencyInvoice(requested))
    return { action: 'none', reason: 'awaits_verdict' };
  return { action: 'render', requested, signed, validatedAt: state.accepted?.data.validated_at };
}

/** The renderer's decider: a document stream's fold, and decideRendering on its state. */
export const renderingDecider = { ...documentStream, decide: decideRendering };

/** The blob key of a document's PDF, beside its signed XML. */
export const renderedPdfKey = (tenantId: string, documentId: string): string => `${tenantId}/${documentId}.pdf`;

export function invoiceRenderedData(pdfKey: string, pdfSha256: string, pageCount: number): InvoiceRenderedV1['data'] {
  return { pdf_key: pdfKey, pdf_sha256: pdfSha256, pages: pageCount };
}
