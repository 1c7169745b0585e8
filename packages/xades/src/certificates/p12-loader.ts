import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { XadesError, xadesErrorCatalogue } from '../errors.ts';
import type { SigningCredential } from './credential.ts';
import type { P12Job, P12Reply } from './p12-messages.ts';
import { assertP12IterationsWithinLimit } from './p12-iterations.ts';

/** loadP12 off the event loop: what a server opens a tenant's .p12 with. */
export type P12Loader = {
  /** loadP12's answer and refusals (XadesError), plus P12_LOAD_TIMEOUT for a file that takes too long. */
  load(p12: Uint8Array, password: string, at: Date): Promise<SigningCredential>;
  /** How many files reached a worker (each costs its key derivations): what "derive once" is counted by. */
  readonly opened: number;
  close(): Promise<void>;
};

type Pending = { job: P12Job; resolve: (c: SigningCredential) => void; reject: (e: Error) => void };
type Slot = {
  worker: Worker | undefined;
  current: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
};

const WORKER_URL = new URL('./p12-worker.ts', import.meta.url);
const DEFAULT_TIMEOUT_MS = 60_000;
// .p12 files are opened at start and on a tenant's first request: an isolate kept between them is memory for nothing.
const DEFAULT_IDLE_MS = 5_000;

/**
 * Opens .p12 files on up to `size` worker threads (started on first use, ended after `idleMs` without work). A file
 * over the iteration limit is refused here, before any worker; one still running after `timeoutMs` has its worker
 * ended.
 */
export function createP12Loader(options: { size?: number; timeoutMs?: number; idleMs?: number } = {}): P12Loader {
  const size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const slots: Slot[] = Array.from({ length: size }, () => ({
    worker: undefined,
    current: undefined,
    timer: undefined,
    idle: undefined,
  }));
  const queue: Pending[] = [];
  let nextJob = 1;
  let opened = 0;
  let closed = false;

  const finish = (slot: Slot): Pending | undefined => {
    const pending = slot.current;
    clearTimeout(slot.timer);
    slot.current = undefined;
    slot.worker?.unref();
    return pending;
  };

  const endWhenIdle = (slot: Slot): void => {
    clearTimeout(slot.idle);
    if (!slot.worker || slot.current) return;
    slot.idle = setTimeout(() => {
      const worker = slot.worker;
      slot.worker = undefined; // before terminate: its 'exit' is then not a failure
      void worker?.terminate();
    }, idleMs).unref();
  };

  const spawn = (slot: Slot): Worker => {
    // A file built to exhaust memory ends its worker (P12_UNREADABLE), never the process.
    const worker = new Worker(WORKER_URL, { name: 'fe-p12', resourceLimits: { maxOldGenerationSizeMb: 128 } });
    worker.on('message', (reply: P12Reply) => {
      if (slot.worker !== worker) return;
      const pending = finish(slot);
      if (pending?.job.jobId === reply.jobId) settle(pending, reply);
      dispatch();
      endWhenIdle(slot);
    });
    const fail = () => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      finish(slot)?.reject(new XadesError('P12_UNREADABLE', 'the worker opening it stopped'));
      dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    return worker;
  };

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.current || closed) continue;
      const pending = queue.shift();
      if (!pending) return;
      clearTimeout(slot.idle);
      slot.worker ??= spawn(slot);
      slot.current = pending;
      slot.worker.ref();
      opened++;
      slot.timer = setTimeout(() => {
        const worker = slot.worker;
        slot.worker = undefined;
        finish(slot)?.reject(new XadesError('P12_LOAD_TIMEOUT', `${timeoutMs} ms`));
        void worker?.terminate();
        dispatch();
      }, timeoutMs);
      slot.worker.postMessage(pending.job);
    }
  }

  return {
    get opened() {
      return opened;
    },
    load(p12, password, at) {
      if (closed) return Promise.reject(new XadesError('P12_LOAD_TIMEOUT', 'the loader is closed'));
      try {
        assertP12IterationsWithinLimit(p12);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return new Promise<SigningCredential>((resolve, reject) => {
        queue.push({ job: { jobId: nextJob++, p12, password, at }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const error = new XadesError('P12_LOAD_TIMEOUT', 'the loader is closed');
      for (const pending of queue.splice(0)) pending.reject(error);
      const workers = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
      for (const slot of slots) {
        clearTimeout(slot.idle);
        slot.worker = undefined;
        finish(slot)?.reject(error);
      }
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

let shared: P12Loader | undefined;

/** One loader per process, for the tenant stores: its idle workers never keep the process alive. */
export function sharedP12Loader(): P12Loader {
  return (shared ??= createP12Loader());
}

function settle(pending: Pending, reply: P12Reply): void {
  if (reply.ok) return pending.resolve(reply.credential);
  // The worker's message is the catalogue text plus "(detail)": the detail is carried over, nothing else.
  const fixed = xadesErrorCatalogue[reply.code].message;
  const detail = reply.message.startsWith(`${fixed} (`) ? reply.message.slice(fixed.length + 2, -1) : undefined;
  pending.reject(new XadesError(reply.code, detail));
}
