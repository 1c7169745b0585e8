import { Worker } from 'node:worker_threads';
import type { Tenant } from '@fe/dian-domain';
import type { LocalTestCa } from './local-test-ca.ts';
import type { TestCertificateJob, TestCertificateReply } from './test-certificate-worker.ts';

const WORKER_URL = new URL('./test-certificate-worker.ts', import.meta.url);

/**
 * issueTestCertificate on a thread of its own, ended once it answers: its RSA key and PKCS#12 take a few hundred
 * milliseconds a server's event loop must not wait for, and it is asked for a few times per tenant at most.
 */
export function issueTestCertificateOffLoop(
  ca: LocalTestCa,
  owner: Pick<Tenant, 'nit' | 'legalName'>,
  now: Date,
): Promise<{ p12: Buffer; password: string }> {
  const job: TestCertificateJob = { ca, owner: { nit: owner.nit, legalName: owner.legalName }, now };
  const worker = new Worker(WORKER_URL, { name: 'fe-test-certificate', workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (reply: TestCertificateReply) => {
      void worker.terminate();
      if (reply.ok) resolve({ p12: Buffer.from(reply.p12), password: reply.password });
      else reject(new Error(`the test certificate could not be made: ${reply.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the test certificate thread ended (code ${code})`)));
  });
}
