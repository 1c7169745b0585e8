// A .p12 opener on its own thread: node-forge's key derivations and certificate parsing never hold a serving loop.
import { parentPort } from 'node:worker_threads';
import { isXadesError } from '../errors.ts';
import { loadP12 } from './load-p12.ts';
import type { P12Job, P12Reply } from './p12-messages.ts';

const port = parentPort;
if (!port) throw new Error('p12-worker.ts runs only as a worker thread');

port.on('message', (job: P12Job) => {
  let reply: P12Reply;
  try {
    reply = { jobId: job.jobId, ok: true, credential: loadP12(job.p12, job.password, job.at) };
  } catch (error) {
    // Codes and details only: by construction neither holds the password or key bytes.
    reply = isXadesError(error)
      ? { jobId: job.jobId, ok: false, code: error.code, message: error.message }
      : { jobId: job.jobId, ok: false, code: 'P12_UNREADABLE', message: '' };
  }
  port.postMessage(reply);
});
