import type { Transferable } from 'node:worker_threads';
import { isRendererError } from '../errors.ts';
import { renderInvoicePdf } from '../pdf/render-invoice-pdf.ts';
import type { RenderJob, RenderReply } from './messages.ts';

/**
 * One job, as a worker answers it: the same renderInvoicePdf as pdfkitRenderer, so the same view
 * gives the same bytes on either side. The reply comes with the list of what to transfer.
 */
export function answerRenderJob(job: RenderJob): { reply: RenderReply; transfer: Transferable[] } {
  try {
    const { bytes, pageCount } = renderInvoicePdf(job.view);
    const owned = ownBuffer(bytes);
    return { reply: { jobId: job.jobId, ok: true, bytes: owned, pageCount }, transfer: [owned.buffer] };
  } catch (error) {
    const reply: RenderReply = isRendererError(error)
      ? { jobId: job.jobId, ok: false, code: error.code, message: error.message }
      : { jobId: job.jobId, ok: false, code: undefined, message: error instanceof Error ? error.message : 'rendering failed' };
    return { reply, transfer: [] };
  }
}

/**
 * pdfkit's output is a view into a larger buffer Node keeps for itself (64 KiB, shared with other
 * data, marked untransferable). It is copied once, inside the worker, into an ArrayBuffer of its
 * own (a few µs for ~20 KiB), which is then moved to the pool's thread.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.slice();
}
