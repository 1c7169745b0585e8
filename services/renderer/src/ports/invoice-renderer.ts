import type { InvoiceView } from '../invoice-view/invoice-view.ts';

/**
 * The renderer port: an invoice's data in, its PDF graphic representation out. The service
 * reacting to InvoiceSigned depends on this, not on pdfkit, so a renderer in a worker pool or
 * another process can replace the in-process one.
 *
 *   const renderer: InvoiceRenderer = pdfkitRenderer();
 *   const { bytes, pageCount } = await renderer.render(readInvoiceView(signedXml, { validatedAt }));
 *   // bytes: a PDF 1.3 file (application/pdf); pageCount ≥ 1
 */
export type RenderedInvoice = {
  bytes: Uint8Array;
  pageCount: number;
};

export type InvoiceRenderer = {
  render(view: InvoiceView): Promise<RenderedInvoice>;
};
