// The public surface of @fe/renderer. Anything not exported here is private.
export type { InvoiceRenderer, RenderedInvoice, RenderRequest } from './ports/invoice-renderer.ts';
export { pdfkitRenderer } from './pdfkit-renderer.ts';
export { createRendererPool, type RendererPool } from './pool/renderer-pool.ts';
export { renderInvoicePdf, type RenderedPdf } from './pdf/render-invoice-pdf.ts';
export { readInvoiceView, type ReadOptions } from './invoice-view/read-invoice-view.ts';
export type { InvoiceView, LineView, NoteView, PartyView, TaxView } from './invoice-view/invoice-view.ts';
export type { DocumentKind } from './invoice-view/document-kind.ts';
export { amountInWords } from './words/amount-in-words.ts';
export { RendererError, rendererErrorCodes, type RendererErrorCode } from './errors.ts';
export { createRendererService, type RendererServicePorts } from './service.ts';
export { rendererConfigSchema, rendererConfigFromEnv, defaultRendererConfig, type RendererConfig } from './config.ts';
export type { RenderingTenants } from './on-invoice-verdict/rendering-tenants.ts';
