import type { ReadOptions } from '../invoice-view/read-invoice-view.ts';

/**
 * The renderer port: a signed invoice's XML in, its PDF graphic representation out. The service
 * reacting to DIAN's verdict depends on this, not on pdfkit, so a renderer in a worker pool or
 * another process can replace the in-process one. The XML is read where the PDF is drawn
 * (render-request.ts): in a pool, the event loop only hands over a string.
 *
 *   const renderer: InvoiceRenderer = pdfkitRenderer();
 *   const { bytes, pageCount } = await renderer.render({ xml: signedXml, options: { validatedAt } });
 *   // bytes: a PDF 1.3 file (application/pdf); pageCount ≥ 1
 */
export type RenderedInvoice = {
  bytes: Uint8Array;
  pageCount: number;
};

export type RenderRequest = {
  /** The signed UBL invoice, as stored. */
  xml: string;
  /** What the PDF prints that the XML cannot carry (DIAN's validation instant, the provider's name). */
  options: ReadOptions;
  /**
   * What the XML must say, as recorded when the document was requested (`cufe`: the invoice's
   * CUFE, or a note's CUDE, both in cbc:UUID): a different key or
   * environment fails with XML_MISMATCH (RendererError) and nothing is drawn.
   */
  expected?: { cufe: string; environment: string };
};

export type InvoiceRenderer = {
  render(request: RenderRequest): Promise<RenderedInvoice>;
};
