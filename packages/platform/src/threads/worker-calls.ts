import { parentPort, type Worker } from 'node:worker_threads';

/** One call's reply: the call's id, and its value or the worker's description of its error. */
export type WorkerReply<Failure> = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: Failure });

/** What a worker's error becomes on this side, and the error of a call the worker can no longer answer. */
type WorkerErrors<Failure> = { fromWorker: (failure: Failure) => Error; unavailable: (reason: string) => Error };

type Waiter = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Calls to an object living on a worker thread (a SQLite connection whose fsyncs must not block the event loop): one
 * message per call, its reply matched by id; when the worker fails or exits, every waiting call fails.
 */
export class WorkerCalls<Call extends object, Failure> {
  private readonly pending = new Map<number, Waiter>();
  private nextId = 1;
  private closed = false;
  private readonly worker: Worker;
  private readonly errors: WorkerErrors<Failure>;

  constructor(worker: Worker, errors: WorkerErrors<Failure>) {
    this.worker = worker;
    this.errors = errors;
    worker.on('message', (reply: WorkerReply<Failure>) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(errors.fromWorker(reply.error));
    });
    const failAll = (reason: string) => {
      this.closed = true;
      for (const waiter of this.pending.values()) waiter.reject(errors.unavailable(reason));
      this.pending.clear();
    };
    worker.on('error', (error) => failAll(`the ${worker.threadName ?? 'worker'} thread failed: ${error.message}`));
    worker.on('exit', () => failAll(`the ${worker.threadName ?? 'worker'} thread stopped`));
  }

  call(call: Call): Promise<unknown> {
    if (this.closed) return Promise.reject(this.errors.unavailable('closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...call, id });
    });
  }

  /** Sends `last` (the worker closes its resources), then stops the thread. */
  async close(last: Call): Promise<void> {
    if (this.closed) return;
    await this.call(last).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }
}

/** The worker's side: runs each call and replies with its id; `describe` says what of an error crosses the thread. */
export function serveWorkerCalls<Call extends { id: number }, Failure>(
  run: (call: Call) => unknown,
  describe: (error: unknown) => Failure,
): void {
  const port = parentPort!;
  port.on('message', (call: Call) => {
    void Promise.resolve()
      .then(() => run(call))
      .then(
        (value) => port.postMessage({ id: call.id, ok: true, value } satisfies WorkerReply<Failure>),
        (error: unknown) =>
          port.postMessage({ id: call.id, ok: false, error: describe(error) } satisfies WorkerReply<Failure>),
      );
  });
}
