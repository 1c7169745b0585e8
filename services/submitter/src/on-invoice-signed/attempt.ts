import {
  type DianResponse,
  sendTestSet,
  DianClientError,
  isDianClientError,
  type DianZip,
  type DianGateway,
} from '@fe/dian-client';
import { clientFailure, type AttemptFailure } from './failure-reasons.ts';
import { failed, outcomeOfSend, outcomeOfStatus, type AnswerContext, type Recorded } from './outcomes.ts';

export type AttemptInput = {
  step: 'send' | 'reconcile';
  gateway: DianGateway;
  zip: DianZip;
  /** The document's CUFE. */
  trackId: string;
  /** A fresh context per answer (time of the answer, jitter draw). */
  context: () => AnswerContext;
  /**
   * Awaited just before SendBillSync: the durable "a send is under way" marker, written only while the run holds the
   * invoice (else it throws and nothing is sent); gives the `performance.now()` instant the send must be over by.
   */
  beforeSend: () => Promise<{ deadline: number }>;
  /**
   * The tenant's habilitación TestSetId while its test-set run is in progress: the document then goes
   * with SendTestSetAsync and its verdict comes from GetStatusZip, so DIAN counts it toward the set.
   */
  testSetId?: string;
};

/** GetStatusZip's waits for a test-set send (ms): about 30 s in all before TEST_SET_STILL_PROCESSING. */
const testSetPollDelaysMs = [200, 400, 800, 1600, 3000, 5000, 5000, 5000, 5000, 5000];

/**
 * One attempt's DIAN calls in annex §6.6 order: when an earlier send's outcome is unknown, GetStatus before any
 * SendBillSync, and at most one send per attempt. A client failure ends it as InvoiceSubmissionFailed.
 */
export async function runAttempt(input: AttemptInput): Promise<Recorded> {
  const { gateway, trackId } = input;
  if (input.step === 'reconcile') {
    const status = await call(() => gateway.getStatus(trackId), true);
    if (!status.ok) return failure(status.failure, input);
    const outcome = outcomeOfStatus(status.answer, input.context());
    if (outcome.kind === 'record') return outcome;
  }
  const { deadline } = await input.beforeSend();
  const sent = await call(
    () => (input.testSetId ? sendInTestSet(input, input.testSetId) : gateway.sendBillSync(input.zip, { deadline })),
    false,
  );
  if (!sent.ok) return failure(sent.failure, input);
  const outcome = outcomeOfSend(sent.answer, input.context());
  if (outcome.kind === 'record') return outcome;
  // Rule 90: DIAN processed this CUFE before (our own lost send, most likely). Adopt what it holds.
  const status = await call(() => gateway.getStatus(trackId), true);
  if (!status.ok) return failure(status.failure, input);
  const adopted = outcomeOfStatus(status.answer, input.context(), sent.answer);
  if (adopted.kind === 'record') return adopted;
  throw new Error('outcomeOfStatus asks to send after a rule-90 answer'); // unreachable: `duplicate` was given
}

type Called = { ok: true; answer: DianResponse } | { ok: false; failure: AttemptFailure };

async function call(operation: () => Promise<DianResponse>, reconciling: boolean): Promise<Called> {
  try {
    return { ok: true, answer: await operation() };
  } catch (error) {
    if (isDianClientError(error)) return { ok: false, failure: clientFailure(error, reconciling) };
    throw error;
  }
}

const failure = (f: AttemptFailure, input: AttemptInput): Recorded => ({
  kind: 'record',
  events: [failed(f, input.context())],
});

/** The document's own verdict out of its one-document test-set zip (by CUFE; DIAN answers one per XML). */
async function sendInTestSet(input: AttemptInput, testSetId: string): Promise<DianResponse> {
  const result = await sendTestSet(input.gateway, input.zip, testSetId, { pollDelaysMs: testSetPollDelaysMs });
  const verdict =
    result.verdicts.find((v) => v.xmlDocumentKey === input.trackId) ??
    (result.verdicts.length === 1 ? result.verdicts[0] : undefined);
  if (!verdict)
    throw new DianClientError('RESPONSE_MALFORMED', { detail: 'GetStatusZip named no verdict for the document' });
  return verdict;
}
