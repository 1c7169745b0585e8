import { parentPort, type MessagePort, type Transferable, type Worker } from 'node:worker_threads';

/** What crosses to the worker in one message: every call posted in one turn of the event loop, in order. */
export type CallBatch<Call> = readonly (Call & { id: number })[];

/** One call's reply: the call's id, and its value or the worker's description of its error. */
export type WorkerReply<Failure> = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: Failure });

export type WorkerCallsOptions<Failure> = {
  /** What a worker's error becomes on this side. */
  fromWorker: (failure: Failure) => Error;
  /** The error of a call the worker can no longer answer. */
  unavailable: (reason: string) => Error;
  /** The thread holds the process open only while a call waits (a thread started on first use). */
  refWhilePending?: boolean;
  /** For an object hosted on a thread shared with others (SharedThread): its own port, and its release on close. */
  hosted?: { port: MessagePort; release: () => Promise<void> };
};

type Queued<Call> = { call: Call & { id: number }; transfer: readonly Transferable[] };

type Waiter = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Calls to an object living on a worker thread (a SQLite connection or files whose fsyncs must not block the event
 * loop). The calls of one turn go in one message and come back in one: a message costs the event loop far more than
 * the call it carries. While the worker answers a batch the next one gathers, so a busy worker gets fewer, larger
 * batches (fewer transactions and fsyncs). When the worker fails or exits, every waiting call fails.
 */
export class WorkerCalls<Call extends object, Failure> {
  private readonly pending = new Map<number, Waiter>();
  private queued: Queued<Call>[] = [];
  private nextId = 1;
  private closed = false;
  /** Messages the worker has not answered yet (one answer per message). */
  private inFlight = 0;
  private postScheduled = false;
  private readonly worker: Worker;
  /** Where calls and replies travel: the worker's own channel, or the hosted object's port. */
  private readonly port: Worker | MessagePort;
  private readonly options: WorkerCallsOptions<Failure>;

  constructor(worker: Worker, options: WorkerCallsOptions<Failure>) {
    this.worker = worker;
    this.port = options.hosted?.port ?? worker;
    this.options = options;
    if (options.refWhilePending) this.port.unref();
    this.port.on('message', (replies: readonly WorkerReply<Failure>[]) => {
      this.inFlight -= 1;
      this.schedulePost();
      for (const reply of replies) {
        const waiter = this.pending.get(reply.id);
        if (!waiter) continue;
        this.pending.delete(reply.id);
        if (reply.ok) waiter.resolve(reply.value);
        else waiter.reject(options.fromWorker(reply.error));
      }
      if (options.refWhilePending && this.pending.size === 0) this.port.unref();
    });
    const failAll = (reason: string) => {
      this.closed = true;
      this.queued = [];
      for (const waiter of this.pending.values()) waiter.reject(options.unavailable(reason));
      this.pending.clear();
    };
    worker.on('error', (error) => failAll(`the ${worker.threadName ?? 'worker'} thread failed: ${error.message}`));
    worker.on('exit', (code) => failAll(`the ${worker.threadName ?? 'worker'} thread stopped (${code})`));
  }

  /** False once the worker failed, stopped or was closed: every call fails. */
  get open(): boolean {
    return !this.closed;
  }

  /**
   * `transfer`: buffers the caller hands over (moved to the worker, not copied; unusable here afterwards).
   */
  call(call: Call, transfer: readonly Transferable[] = []): Promise<unknown> {
    if (this.closed) return Promise.reject(this.options.unavailable('closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.options.refWhilePending && this.pending.size === 0) this.port.ref();
      this.pending.set(id, { resolve, reject });
      this.queued.push({ call: { ...call, id }, transfer });
      this.schedulePost();
    });
  }

  /** At the end of this turn, so that every call made in it (the replies' continuations too) joins the batch. */
  private schedulePost(): void {
    if (this.postScheduled || this.inFlight > 0 || this.queued.length === 0) return;
    this.postScheduled = true;
    setImmediate(this.post);
  }

  private readonly post = (): void => {
    this.postScheduled = false;
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0) return; // failed meanwhile
    if (this.send(batch)) return;
    // A value that cannot cross (a DataCloneError): each call alone, so that only the faulty one fails.
    if (batch.length > 1) for (const one of batch) this.send([one]);
  };

  /** One message; false when it cannot be posted, and then a lone call fails. */
  private send(batch: Queued<Call>[]): boolean {
    try {
      const calls: CallBatch<Call> = batch.map((queued) => queued.call);
      this.port.postMessage(
        calls,
        batch.flatMap((queued) => queued.transfer),
      );
      this.inFlight += 1;
      return true;
    } catch (error) {
      if (batch.length > 1) return false;
      this.pending.get(batch[0]!.call.id)?.reject(error);
      this.pending.delete(batch[0]!.call.id);
      if (this.options.refWhilePending && this.pending.size === 0) this.port.unref();
      return false;
    }
  }

  /** Sends `last` (the worker closes its resources), then stops the thread (a shared one once its last user left). */
  async close(last: Call): Promise<void> {
    if (this.closed) return;
    await this.call(last).catch(() => undefined);
    this.closed = true;
    if (this.options.hosted) await this.options.hosted.release();
    else await this.worker.terminate();
  }
}

/**
 * The worker's side: runs each call of a batch and answers the batch in one message once all of them settled;
 * `describe` says what of an error crosses the thread. Calls that arrive together can share a transaction or an
 * fsync (see GroupCommit) because they all start before any of them settles.
 */
export function serveWorkerCalls<Call extends { id: number }, Failure>(
  run: (call: Call) => unknown,
  describe: (error: unknown) => Failure,
  port: MessagePort = parentPort!,
): void {
  port.on('message', (batch: CallBatch<Call>) => {
    const replies = batch.map((call) =>
      Promise.resolve()
        .then(() => run(call))
        .then(
          (value): WorkerReply<Failure> => ({ id: call.id, ok: true, value }),
          (error: unknown): WorkerReply<Failure> => ({ id: call.id, ok: false, error: describe(error) }),
        ),
    );
    void Promise.all(replies).then((answered) => {
      try {
        port.postMessage(answered);
      } catch (error) {
        // A value that cannot cross: each call still gets its answer, an error.
        port.postMessage(answered.map(({ id }) => ({ id, ok: false, error: describe(error) })));
      }
    });
  });
}
