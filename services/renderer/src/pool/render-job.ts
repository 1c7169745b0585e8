import type { Transferable } from 'node:worker_threads';
import { renderRequest } from '../render-request.ts';
import type { RenderJob, RenderReply } from './messages.ts';
import { toFailure } from './render-failure.ts';

/**
 * One job as a worker answers it, with the same renderRequest as pdfkitRenderer, so either side gives the same
 * bytes or error; the PDF's buffer is transferred, not copied.
 */
export function answerRenderJob(job: RenderJob): { reply: RenderReply; transfer: Transferable[] } {
  try {
    const { bytes, pageCount } = renderRequest(job.request);
    // A view into a larger or shared buffer could not be moved whole: copy it into one of its own.
    const whole =
      bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const owned = whole ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice();
    return { reply: { jobId: job.jobId, ok: true, bytes: owned, pageCount }, transfer: [owned.buffer] };
  } catch (error) {
    return { reply: { jobId: job.jobId, ok: false, failure: toFailure(error) }, transfer: [] };
  }
}
