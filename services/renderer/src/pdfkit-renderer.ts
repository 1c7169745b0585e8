import { fallbackFonts } from './pdf/fonts.ts';
import { renderInvoicePdf } from './pdf/render-invoice-pdf.ts';
import type { InvoiceRenderer } from './ports/invoice-renderer.ts';

/**
 * The in-process adapter of the port, on pdfkit. Creating it parses the fallback font, so no
 * invoice pays for parsing it.
 */
export function pdfkitRenderer(): InvoiceRenderer {
  fallbackFonts();
  return {
    render: async (view) => renderInvoicePdf(view),
  };
}
