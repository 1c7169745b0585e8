import { Worker } from 'node:worker_threads';
import { RendererError } from '../errors.ts';
import type { InvoiceRenderer, RenderedInvoice } from '../ports/invoice-renderer.ts';
import type { RenderJob, RenderReply } from './messages.ts';
import { fromFailure } from './render-failure.ts';

export type RendererPool = InvoiceRenderer & {
  readonly size: number;
  /** Rejects queued and in-flight renders with POOL_CLOSED and stops the threads. */
  close(): Promise<void>;
};

type Pending = { job: RenderJob; resolve: (pdf: RenderedInvoice) => void; reject: (error: Error) => void };
/** `worker` is undefined after a crash, until the next job needs the slot. */
type Slot = { worker: Worker | undefined; current: Pending | undefined };

const WORKER_URL = new URL('./render-worker.ts', import.meta.url);

/**
 * InvoiceRenderer on worker threads, so reading XML and drawing PDFs stays off the event loop with the same bytes and
 * errors as pdfkitRenderer. A crashed worker fails its job as retriable POOL_WORKER_FAILED.
 *
 *   const pool = createRendererPool({ size: 1 });
 *   const { bytes, pageCount } = await pool.render({ xml: signedXml, options: { validatedAt } });
 */
export function createRendererPool(options: { size?: number } = {}): RendererPool {
  return startRendererPool(WORKER_URL, options.size ?? 1);
}

/**
 * The pool on a given worker script (one that answers RenderJob with RenderReply). Not exported
 * by the package: its tests use a worker that can be made to crash.
 */
export function startRendererPool(workerUrl: URL, requestedSize: number): RendererPool {
  const size = Math.max(1, Math.floor(requestedSize));
  const queue: Pending[] = [];
  let nextJob = 1;
  let closed = false;

  const spawn = (slot: Slot): Worker => {
    const worker = new Worker(workerUrl, { name: 'fe-renderer', resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    let dead = false;
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      if (slot.worker !== worker) return;
      const pending = slot.current;
      slot.current = undefined;
      worker.unref();
      if (pending?.job.jobId === reply.jobId) settle(pending, reply);
      dispatch();
    });
    const fail = (detail: string) => {
      if (dead) return; // an uncaught error is followed by 'exit': one death, one failure
      dead = true;
      if (slot.worker !== worker) return;
      const pending = slot.current;
      slot.current = undefined;
      slot.worker = undefined;
      pending?.reject(new RendererError('POOL_WORKER_FAILED', `a renderer worker stopped during a render (${detail})`));
      dispatch(); // spawns the replacement if work is waiting
    };
    worker.on('error', (error) => fail(error.message));
    // The worker never ends on its own (its port keeps it alive): any exit but close()'s is a crash.
    worker.on('exit', (code) => {
      if (!closed) fail(`exit code ${code}`);
    });
    return worker;
  };
  const slots: Slot[] = Array.from({ length: size }, () => {
    const slot: Slot = { worker: undefined, current: undefined };
    slot.worker = spawn(slot); // started now, so the first invoice does not wait for pdfkit to load
    return slot;
  });

  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      while (!slot.current) {
        const pending = queue.shift();
        if (!pending) return;
        const worker = (slot.worker ??= spawn(slot));
        try {
          worker.postMessage(pending.job);
        } catch (error) {
          pending.reject(error instanceof Error ? error : new Error(String(error))); // a request that does not clone
          continue;
        }
        slot.current = pending;
        worker.ref();
      }
    }
  }

  return {
    size,
    render(request) {
      if (closed) return Promise.reject(poolClosed());
      return new Promise<RenderedInvoice>((resolve, reject) => {
        queue.push({ job: { jobId: nextJob++, request }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(poolClosed());
      for (const slot of slots) {
        slot.current?.reject(poolClosed());
        slot.current = undefined;
      }
      await Promise.all(slots.map((slot) => slot.worker?.terminate()));
    },
  };
}

const poolClosed = () => new RendererError('POOL_CLOSED', 'the renderer pool is closed');

function settle(pending: Pending, reply: RenderReply): void {
  if (reply.ok) pending.resolve({ bytes: reply.bytes, pageCount: reply.pageCount });
  else pending.reject(fromFailure(reply.failure));
}
