import { issueTestCertificateOffLoop, type LocalTestCa } from '@fe/tenancy';
import type { TestCertificates } from '../ports/test-certificates.ts';

/**
 * The data folder's local test CA; its key and PKCS#12 work on a thread of their own, one certificate at a time, so
 * repeated clicks queue rather than take every core.
 */
export function localTestCertificates(ca: LocalTestCa, now: () => Date): TestCertificates {
  let last: Promise<unknown> = Promise.resolve(); // settles, never rejects
  return {
    issue(owner) {
      const next = last.then(() => issueTestCertificateOffLoop(ca, owner, now()));
      last = next.catch(() => undefined);
      return next;
    },
  };
}
