import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { XadesError, type SignedDocument, type SigningCredential } from '@fe/xades';
import { SignerError } from '../errors.ts';
import type { XmlSigner } from '../ports/xml-signer.ts';
import type { SignJob, SignReply } from './messages.ts';

type Pending = { job: SignJob; resolve: (doc: SignedDocument) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; sent: Set<number>; current: Pending | undefined };

const WORKER_URL = new URL('./sign-worker.ts', import.meta.url);

/**
 * XmlSigner on worker threads, so signing never runs on the event loop; idle workers are unref'd, and a crashed one
 * fails its job as retriable POOL_WORKER_FAILED.
 */
export function createSignerPool(options: { size?: number } = {}): XmlSigner & { readonly size: number } {
  const size = Math.max(1, options.size ?? availableParallelism() - 1);
  const credentialIds = new WeakMap<SigningCredential, number>();
  const queue: Pending[] = [];
  let nextJob = 1;
  let nextCredential = 1;
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = {
      worker: new Worker(WORKER_URL, { name: 'fe-signer', resourceLimits: { maxYoungGenerationSizeMb: 8 } }),
      sent: new Set(),
      current: undefined,
    };
    slot.worker.unref();
    slot.worker.on('message', (reply: SignReply) => {
      const pending = slot.current;
      slot.current = undefined;
      slot.worker.unref();
      if (pending?.job.jobId === reply.jobId) settle(pending, reply);
      dispatch();
    });
    let failed = false;
    // A worker that throws emits 'error' and then 'exit': replace it once, or the second call
    // would spawn a worker into slots[-1] that nothing ever terminates.
    const fail = () => {
      if (failed) return;
      failed = true;
      const pending = slot.current;
      slot.current = undefined;
      pending?.reject(new SignerError('POOL_WORKER_FAILED'));
      if (!closed) slots[slots.indexOf(slot)] = spawn();
      dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!closed && code !== 0) fail();
    });
    return slot;
  };
  const slots: Slot[] = Array.from({ length: size }, spawn);

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.current || closed) continue;
      const pending = queue.shift();
      if (!pending) return;
      const job = { ...pending.job };
      if (slot.sent.has(job.credentialId)) delete job.credential;
      else slot.sent.add(job.credentialId);
      slot.current = pending;
      slot.worker.ref();
      slot.worker.postMessage(job);
    }
  }

  return {
    size,
    sign(xml, credential, signOptions) {
      if (closed) return Promise.reject(new SignerError('POOL_CLOSED'));
      let credentialId = credentialIds.get(credential);
      if (credentialId === undefined) credentialIds.set(credential, (credentialId = nextCredential++));
      return new Promise<SignedDocument>((resolve, reject) => {
        queue.push({ job: { jobId: nextJob++, credentialId, credential, xml, options: signOptions }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new SignerError('POOL_CLOSED'));
      for (const slot of slots) slot.current?.reject(new SignerError('POOL_CLOSED'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

function settle(pending: Pending, reply: SignReply): void {
  if (reply.ok) pending.resolve(reply.result);
  else pending.reject(reply.code ? new XadesError(reply.code) : new Error(reply.message));
}
