// One test certificate on its own thread (issue-off-loop.ts): answers once, then is ended.
import { parentPort, workerData } from 'node:worker_threads';
import { issueTestCertificate, type LocalTestCa } from './local-test-ca.ts';

export type TestCertificateJob = { ca: LocalTestCa; owner: { nit: string; legalName: string }; now: Date };
export type TestCertificateReply = { ok: true; p12: Uint8Array; password: string } | { ok: false; message: string };

if (parentPort) {
  const job = workerData as TestCertificateJob;
  let reply: TestCertificateReply;
  try {
    reply = { ok: true, ...issueTestCertificate(job.ca, job.owner, job.now) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.name : 'error' };
  }
  parentPort.postMessage(reply);
}
