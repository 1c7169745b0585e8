// A signer worker: keeps one prepared XAdES signer per credential and answers one job at a time.
import { parentPort } from 'node:worker_threads';
import { createXadesSigner, isXadesError, type XadesSigner } from '@fe/xades/signer';
import type { SignJob, SignReply } from './messages.ts';

const port = parentPort;
if (!port) throw new Error('sign-worker.ts runs only as a worker thread');
const signers = new Map<number, XadesSigner>();

port.on('message', (job: SignJob) => {
  let reply: SignReply;
  try {
    if (job.credential) signers.set(job.credentialId, createXadesSigner(job.credential));
    const signer = signers.get(job.credentialId);
    if (!signer) throw new Error(`credential ${job.credentialId} was never sent to this worker`);
    reply = { jobId: job.jobId, ok: true, result: signer.sign(job.xml, job.options) };
  } catch (error) {
    reply = isXadesError(error)
      ? { jobId: job.jobId, ok: false, code: error.code, message: error.message }
      : {
          jobId: job.jobId,
          ok: false,
          code: undefined,
          message: error instanceof Error ? error.message : 'signing failed',
        };
  }
  port.postMessage(reply);
});
