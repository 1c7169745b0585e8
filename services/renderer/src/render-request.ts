import type { InvoiceView } from './invoice-view/invoice-view.ts';
import { readInvoiceView } from './invoice-view/read-invoice-view.ts';
import { RendererError } from './errors.ts';
import { renderInvoicePdf, type RenderedPdf } from './pdf/render-invoice-pdf.ts';
import type { RenderRequest } from './ports/invoice-renderer.ts';

/**
 * A render request on whichever thread draws: read, checked against what was recorded, drawn. Both renderers
 * run this, so they fail the same way (RendererError).
 */
export function renderRequest(request: RenderRequest): RenderedPdf {
  return renderInvoicePdf(requestedView(request));
}

/**
 * The view of the request's XML. Its lookup URL and QR follow the XML's ProfileExecutionID, so that must equal the
 * recorded environment, as must the CUFE.
 */
export function requestedView({ xml, options, expected }: RenderRequest): InvoiceView {
  const view = readInvoiceView(xml, options);
  if (expected && view.cufe !== expected.cufe)
    throw new RendererError('XML_MISMATCH', "the signed XML's cbc:UUID differs from the recorded cufe");
  if (expected && view.environment !== expected.environment) {
    throw new RendererError(
      'XML_MISMATCH',
      `the signed XML's ProfileExecutionID is ${view.environment}, the recorded environment ${expected.environment}`,
    );
  }
  return view;
}
