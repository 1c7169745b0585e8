import type { RendererErrorCode } from '../errors.ts';
import type { InvoiceView } from '../invoice-view/invoice-view.ts';

/** Pool → worker. The view is plain strings, arrays and records, so it structured-clones as is. */
export type RenderJob = {
  jobId: number;
  view: InvoiceView;
};

/**
 * Worker → pool. `bytes` owns its whole ArrayBuffer, which travels in the transfer list (moved,
 * not copied). Errors travel as their catalogue code.
 */
export type RenderReply =
  | { jobId: number; ok: true; bytes: Uint8Array; pageCount: number }
  | { jobId: number; ok: false; code: RendererErrorCode | undefined; message: string };
