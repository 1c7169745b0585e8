import type { ReadOptions } from '../invoice-view/read-invoice-view.ts';

/**
 * The renderer port: signed XML in, PDF out. The XML is read where the PDF is drawn, so in a pool the event loop
 * only hands over a string.
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
  /** What the XML must say, as recorded: a different key or environment is XML_MISMATCH and nothing is drawn. */
  expected?: { cufe: string; environment: string };
};

export type InvoiceRenderer = {
  render(request: RenderRequest): Promise<RenderedInvoice>;
};
