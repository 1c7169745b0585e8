import type { RendererErrorCode } from '../errors.ts';
import type { RenderRequest } from '../ports/invoice-renderer.ts';

/** Pool → worker. The request is a string and two small records: it structured-clones as is. */
export type RenderJob = {
  jobId: number;
  request: RenderRequest;
};

/**
 * Why a job failed, in a form that crosses threads (an Error's class does not): the pool
 * rebuilds the same error the in-process renderer would have thrown (render-failure.ts).
 */
export type RenderFailure =
  { kind: 'renderer'; code: RendererErrorCode; message: string } | { kind: 'other'; message: string };

/**
 * Worker → pool. `bytes` owns its whole ArrayBuffer, which travels in the transfer list (moved,
 * not copied).
 */
export type RenderReply =
  | { jobId: number; ok: true; bytes: Uint8Array; pageCount: number }
  | { jobId: number; ok: false; failure: RenderFailure };
