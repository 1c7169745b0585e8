// Two submitter instances sharing a burst's retries (test/distributed-shape.e2e.test.ts, and under a CPU hog
// test/distributed-submitters-hog.fault.test.ts): DIAN is down for the burst, so every retry is the sweepers' to share.
import { expect } from 'vitest';
import type { DistributedShape } from '../shapes/distributed-shape.ts';
import { burst, expectNothingLostOrTwice, logLinesWhere, type FaultReport, type Issued } from './burst.ts';

export type TwoSubmittersReport = FaultReport & {
  sendsBySubmitter: { submitter: number; 'submitter-2': number };
  reconciles: number;
};

/**
 * Starts `submitter-2` beside the shape's submitter, sends a burst of `count` while DIAN answers 503 (for the burst and
 * 2 s, at most `outageMs`: SUBMIT_MAX_ATTEMPTS 40 at most 1 s apart must outlast it, even when a loaded CPU slows the
 * burst), checks.
 */
export async function twoSubmittersNeverSendTwice(
  shape: DistributedShape,
  count = 30,
  outageMs = 20_000,
): Promise<TwoSubmittersReport> {
  await shape.startProcess('submitter-2', 'submitter');
  await shape.dian.setFault('http503');
  const started = Date.now();
  let issued: Issued[] = [];
  const backUp = setTimeout(() => void shape.dian.setFault(undefined), outageMs);
  try {
    issued = await burst(shape, { count, faultAt: count, fault: async () => undefined });
    await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, Math.max(0, started + outageMs - Date.now()))));
  } finally {
    clearTimeout(backUp);
    await shape.dian.setFault(undefined);
  }
  console.log(`two submitters: the burst took ${Date.now() - started} ms`);
  const report = await expectNothingLostOrTwice(shape, issued).catch(async (error: unknown) => {
    await printUnfinished(shape, issued);
    throw error;
  });
  const ids = new Set(issued.map((i) => i.invoiceId));
  const burstOf = (lines: string[], msg: string) =>
    logLinesWhere(lines, (l) => l.msg === msg && ids.has(l.invoice_id)).length;
  const sends = (name: string) => burstOf(shape.logsOf(name), 'sending to DIAN');
  const seen: TwoSubmittersReport = {
    ...report,
    sendsBySubmitter: { submitter: sends('submitter.'), 'submitter-2': sends('submitter-2') },
    reconciles: burstOf(shape.logsOf('submitter'), 'reconciling with DIAN (GetStatus)'),
  };
  // Which instance sends is the tenant cap's to decide (4 slots across instances, PostgresTenantSlots):
  // one instance may hold every slot for the whole burst while the other's claims are released
  // unsent, so only the sum is asserted; the claim itself is the schedule's contract test (two
  // claimers never get one row) and the sweeper's (two sweepers run each row once).
  expect(seen.sendsBySubmitter['submitter-2'] + seen.sendsBySubmitter.submitter).toBeGreaterThan(0);
  return seen;
}

/** What a failed check needs to be read: each invoice not final, with its status, and the submitters' give-ups. */
async function printUnfinished(shape: DistributedShape, issued: Issued[]): Promise<void> {
  for (const { cufe, invoiceId } of issued) {
    const answer = await shape.get(`/api/v1/service/status/${cufe}`).catch(() => undefined);
    if (answer?.status === 200 && answer.body.status !== 'pending') continue;
    const lines = logLinesWhere(shape.logsOf('submitter'), (l) => l.invoice_id === invoiceId);
    console.log(
      `not final: ${invoiceId} ${JSON.stringify(answer?.body)}; last submitter lines: ${JSON.stringify(
        lines.slice(-4).map((l) => ({ msg: l.msg, reason: l.reason, attempt: l.attempt, decision: l.decision })),
      )}`,
    );
  }
}
