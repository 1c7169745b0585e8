import { MessageChannel, Worker, type ResourceLimits } from 'node:worker_threads';
import { WorkerCalls, type WorkerCallsOptions } from './worker-calls.ts';

/**
 * One worker thread hosting several objects, each served from a module of its own: an isolate costs resident memory
 * (its heap, its loaded code), so stores whose fsyncs must leave the event loop can share one. A failure of the
 * thread fails the calls of every object on it. The thread stops once the last object on it closed.
 */
export class SharedThread {
  private readonly worker: Worker;
  private hosted = 0;

  constructor(name: string, resourceLimits: ResourceLimits) {
    this.worker = new Worker(new URL('./shared-thread-worker.ts', import.meta.url), { name, resourceLimits });
  }

  /** `module` exports `host(data, port)`, which serves the object's calls on `port` (serveWorkerCalls). */
  host<Call extends object, Failure>(
    module: URL,
    data: unknown,
    options: Omit<WorkerCallsOptions<Failure>, 'hosted'>,
  ): WorkerCalls<Call, Failure> {
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ module: module.href, data, port: port2 }, [port2]);
    this.hosted += 1;
    const release = async () => {
      port1.close();
      this.hosted -= 1;
      if (this.hosted === 0) await this.worker.terminate();
    };
    return new WorkerCalls(this.worker, { ...options, hosted: { port: port1, release } });
  }
}
