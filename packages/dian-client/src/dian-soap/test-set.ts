import { DianClientError } from '../errors.ts';
import type { DianGateway, DianZip } from '../ports/dian-gateway.ts';
import { parseRuleMessage } from './parse-response.ts';
import type { DianResponse } from './response-types.ts';

/** DIAN's count of a habilitación test set: one verdict per document of the zip, in the zip's order. */
export type TestSetResult = { zipKey: string; accepted: number; rejected: number; verdicts: DianResponse[] };

/** GetStatusZip's "still in the queue" answer: the reference marks the code UNCONFIRMED ("98 is sometimes cited"). */
export const inProcessStatusCode = '98';

export type SendTestSetOptions = {
  /** The waits between GetStatusZip calls (ms), one per poll; when they run out, TEST_SET_STILL_PROCESSING. */
  pollDelaysMs: readonly number[];
  sleep?: (ms: number) => Promise<void>;
};

/**
 * A test set the way DIAN counts it (annex §6.2, reference §6.7): SendTestSetAsync with the
 * software's TestSetId, then GetStatusZip(ZipKey) until the zip leaves the queue. An upload
 * refused without a ZipKey (an unknown TestSetId, a zip DIAN cannot read) is TEST_SET_REFUSED, the
 * rule codes of its ProcessedMessage as the detail.
 */
export async function sendTestSet(
  gateway: DianGateway,
  zip: DianZip,
  testSetId: string,
  options: SendTestSetOptions,
): Promise<TestSetResult> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const upload = await gateway.sendTestSetAsync(zip, testSetId);
  if (!upload.zipKey) {
    // The rule codes only: the message is DIAN's text, and an error carries none of DIAN's answer.
    const rules = upload.errorMessageList
      .map((e) => parseRuleMessage(e.processedMessage ?? '').rule)
      .filter((r) => r !== undefined);
    throw new DianClientError('TEST_SET_REFUSED', rules.length > 0 ? { detail: rules.join(',') } : {});
  }
  for (let poll = 0; ; poll++) {
    const verdicts = await gateway.getStatusZip(upload.zipKey);
    const inProcess =
      verdicts.length === 0 || (verdicts.length === 1 && verdicts[0]!.statusCode === inProcessStatusCode);
    if (!inProcess) {
      const accepted = verdicts.filter((v) => v.isValid === true).length;
      return { zipKey: upload.zipKey, accepted, rejected: verdicts.length - accepted, verdicts };
    }
    if (poll >= options.pollDelaysMs.length)
      throw new DianClientError('TEST_SET_STILL_PROCESSING', { detail: upload.zipKey });
    await sleep(options.pollDelaysMs[poll]!);
  }
}
