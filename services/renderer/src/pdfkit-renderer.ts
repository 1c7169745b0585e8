import { fallbackFonts } from './pdf/fonts.ts';
import type { InvoiceRenderer } from './ports/invoice-renderer.ts';
import { renderRequest } from './render-request.ts';

/**
 * The in-process adapter of the port, on pdfkit: reads and draws on the caller's thread.
 * Creating it parses the fallback font, so no invoice pays for parsing it.
 */
export function pdfkitRenderer(): InvoiceRenderer {
  fallbackFonts();
  return {
    render: async (request) => renderRequest(request),
  };
}
