import { Worker } from 'node:worker_threads';
import type { CheckInput, CheckResult } from './check-received.ts';

const WORKER_URL = new URL('./check-thread.ts', import.meta.url);

/** Runs checkReceived off the event loop (DOM parsing, C14N and RSA on a supplier's file). */
export type ReceivedInvoiceChecker = { check(input: CheckInput): Promise<CheckResult>; close(): Promise<void> };

/**
 * One worker thread, started on the first check and unref'd while idle; a crashed worker fails its jobs and the next
 * check starts another.
 */
export function createReceivedInvoiceChecker(): ReceivedInvoiceChecker {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: CheckResult) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = (): Worker => {
    const started = new Worker(WORKER_URL, { name: 'fe-received-check' });
    started.on('message', (reply: { id: number; result?: CheckResult; error?: string }) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (!pending.size) started.unref();
      if (!job) return;
      if (reply.result) job.resolve(reply.result);
      else job.reject(new Error(`the received invoice could not be checked: ${reply.error}`));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (code !== 0) failAll(new Error(`the check thread stopped (${code})`));
      worker = undefined;
    });
    return started;
  };

  return {
    check(input) {
      worker ??= start();
      const id = nextId++;
      worker.ref();
      const running = worker;
      return new Promise<CheckResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, input });
      });
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      if (stopping) await stopping.terminate();
    },
  };
}
