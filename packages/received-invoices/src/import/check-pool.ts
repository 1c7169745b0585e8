import { Worker } from 'node:worker_threads';
import { MailError, type MailErrorCode } from '@fe/mail';
import type { CheckInput, CheckResult } from './check-received.ts';
import type { CheckJob } from './check-thread.ts';

const WORKER_URL = new URL('./check-thread.ts', import.meta.url);

/** A mail's zip or XML attachment (@fe/mail's extractAttachments). */
type MailInvoiceFile = { filename: string; content: Uint8Array };

/**
 * Runs the blocking parts off the event loop: checkReceived (DOM parsing, C14N and RSA on a supplier's file) and a
 * received mail's MIME walk (up to 10 MiB).
 */
export type ReceivedInvoiceChecker = {
  check(input: CheckInput): Promise<CheckResult>;
  /** Throws MailError MAIL_MESSAGE_TOO_LARGE or MAIL_MESSAGE_TOO_COMPLEX, as extractAttachments does. */
  attachmentsOf(mail: Uint8Array): Promise<MailInvoiceFile[]>;
  close(): Promise<void>;
};

/**
 * One worker thread, started on the first check and unref'd while idle; a crashed worker fails its jobs and the next
 * check starts another.
 */
export function createReceivedInvoiceChecker(): ReceivedInvoiceChecker {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: never) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };
  const start = (): Worker => {
    const started = new Worker(WORKER_URL, { name: 'fe-received-check' });
    started.on('message', (reply: { id: number; result?: unknown; error?: string; code?: string }) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (!pending.size) started.unref();
      if (!job) return;
      if (reply.result !== undefined) job.resolve(reply.result as never);
      else if (reply.code?.startsWith('MAIL_')) job.reject(new MailError(reply.code as MailErrorCode));
      else job.reject(new Error(`the received file could not be read: ${reply.error}`));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (code !== 0) failAll(new Error(`the check thread stopped (${code})`));
      worker = undefined;
    });
    return started;
  };

  function run<T>(job: Omit<CheckJob, 'id'>): Promise<T> {
    worker ??= start();
    const id = nextId++;
    worker.ref();
    const running = worker;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (r: never) => void, reject });
      running.postMessage({ id, ...job });
    });
  }

  return {
    check: (input) => run<CheckResult>({ check: input }),
    attachmentsOf: (mail) => run<MailInvoiceFile[]>({ mail }),
    async close() {
      const stopping = worker;
      worker = undefined;
      if (stopping) await stopping.terminate();
    },
  };
}
