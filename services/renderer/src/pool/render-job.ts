import type { Transferable } from 'node:worker_threads';
import { isRendererError } from '../errors.ts';
import { renderInvoicePdf } from '../pdf/render-invoice-pdf.ts';
import type { RenderJob, RenderReply } from './messages.ts';

/**
 * One job, as a worker answers it: the same renderInvoicePdf as pdfkitRenderer, so the same view
 * gives the same bytes on either side. Returns the reply and what to transfer with it.
 *
 * pdfkit's output is a view into a larger buffer Node keeps for itself (64 KiB, shared with other
 * data, marked untransferable), so the PDF is copied once, here in the worker, into an ArrayBuffer
 * of its own (microseconds for ~20 KiB); that buffer is moved, not copied, to the pool's thread.
 */
export function answerRenderJob(job: RenderJob): { reply: RenderReply; transfer: Transferable[] } {
  try {
    const { bytes, pageCount } = renderInvoicePdf(job.view);
    const owned = bytes.slice();
    return { reply: { jobId: job.jobId, ok: true, bytes: owned, pageCount }, transfer: [owned.buffer] };
  } catch (error) {
    const reply: RenderReply = isRendererError(error)
      ? { jobId: job.jobId, ok: false, code: error.code, message: error.message }
      : { jobId: job.jobId, ok: false, code: undefined, message: error instanceof Error ? error.message : 'rendering failed' };
    return { reply, transfer: [] };
  }
}
