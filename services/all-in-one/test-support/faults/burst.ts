/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are read field by field */
// What the process-fault tests share (test/distributed-faults.e2e.test.ts,
// test/distributed-restarts.e2e.test.ts): a burst of invoices with a fault in its middle, then
// the checks that nothing was lost or done twice.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { exampleRequest } from '../world.ts';
import type { Shape } from '../shapes/shape.ts';

export type Issued = { cufe: string; invoiceId: string; key: string; retries: number };

/**
 * POSTs `count` invoices and starts `fault` once `faultAt` were answered; what the deployment could not take is
 * sent again with the same Idempotency-Key, as a client would, until `withinMs` runs out.
 */
export async function burst(
  shape: Shape,
  options: { count: number; parallel?: number; faultAt: number; fault: () => Promise<unknown>; withinMs?: number },
): Promise<Issued[]> {
  const tag = randomBytes(4).toString('hex');
  const deadline = Date.now() + (options.withinMs ?? 240_000);
  const issued: Issued[] = [];
  let next = 0;
  let faulted: Promise<unknown> | undefined;
  const one = async (index: number) => {
    const key = `burst-${tag}-${index}`;
    for (let retries = 0; ; retries++) {
      const answer = await shape
        .post(exampleRequest, { headers: { 'idempotency-key': key, prefer: 'wait=0' } })
        .catch((error: unknown) => ({ status: 0, body: { error: String(error) } as any }));
      if (answer.status === 201 || answer.status === 202) {
        issued.push({ cufe: answer.body.cufe, invoiceId: `inv-demo-${answer.body.number}`, key, retries });
        return;
      }
      const again =
        answer.status === 0 || answer.status >= 500 || answer.body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS';
      if (!again || Date.now() > deadline)
        throw new Error(`invoice ${index} of the burst was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const worker = async () => {
    while (next < options.count) {
      await one(next++);
      if (!faulted && issued.length >= options.faultAt) faulted = options.fault();
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 5 }, worker));
  await faulted;
  return issued;
}

/** Polls each invoice's status until none is pending (bounded); the final statuses by cufe. */
async function finalStates(shape: Shape, issued: Issued[], withinMs = 240_000): Promise<Map<string, string>> {
  const deadline = Date.now() + withinMs;
  const final = new Map<string, string>();
  for (;;) {
    for (const { cufe } of issued) {
      if (final.has(cufe)) continue;
      const answer = await shape.get(`/api/v1/service/status/${cufe}`).catch(() => undefined);
      if (answer?.status === 200 && answer.body.status !== 'pending' && answer.body.pdf_url)
        final.set(cufe, answer.body.status);
    }
    if (final.size === issued.length || Date.now() > deadline) return final;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export type FaultReport = {
  invoices: number;
  finalStates: Record<string, number>;
  /** Requests the client sent again with the same key (the deployment could not take them). */
  clientRetries: number;
  /** Events an invoice should have once that it has more often (every type, every invoice). */
  duplicateEvents: number;
  /** Documents DIAN received and judged more than once. */
  sentTwice: number;
  /** Invoices whose live status view differs from a rebuild from the event store. */
  projectionDiff: number;
  /** Deliveries a consumer found already handled (logged `skipped` or `lost_race`): redeliveries the fault caused. */
  redeliveriesSkipped: number;
};

const ONCE = [
  'InvoiceRequested',
  'InvoiceSigned',
  'InvoiceSubmitted',
  'InvoiceAccepted',
  'InvoiceRejected',
  'InvoiceRendered',
];

/**
 * Every invoice final, each once-only event at most once, DIAN judging each once, and the projection equal to a
 * rebuild; returns the counts.
 */
export async function expectNothingLostOrTwice(
  shape: Shape,
  issued: Issued[],
  finalWithinMs = 240_000,
): Promise<FaultReport> {
  const final = await finalStates(shape, issued, finalWithinMs);
  const mine = new Set(issued.map((i) => i.invoiceId));
  const counts = await onceEventCounts(shape, mine, finalWithinMs);
  const received = await Promise.all(issued.map((i) => shape.dian.timesReceived(i.cufe)));
  const report: FaultReport = {
    invoices: issued.length,
    finalStates: Object.fromEntries(
      [...final.values()].reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>()),
    ),
    clientRetries: issued.reduce((sum, i) => sum + i.retries, 0),
    duplicateEvents: [...counts.values()].filter((n) => n > 1).length,
    sentTwice: received.filter((n) => n > 1).length,
    projectionDiff: 0,
    redeliveriesSkipped: logLinesWhere(
      shape.allLogs(),
      (l) => mine.has(l.invoice_id) && (l.outcome === 'skipped' || l.outcome === 'lost_race'),
    ).length,
  };
  const diff = await shape.projectionDiff();
  report.projectionDiff = diff.length;
  if (diff.length > 0) console.log(`projection differs from a rebuild, e.g. ${JSON.stringify(diff[0])}`);
  expect({
    unique: new Set(issued.map((i) => i.cufe)).size,
    final: final.size,
    accepted: report.finalStates.accepted,
  }).toEqual({ unique: issued.length, final: issued.length, accepted: issued.length });
  expect(received.filter((n) => n !== 1)).toEqual([]);
  expect({ duplicateEvents: report.duplicateEvents, projectionDiff: report.projectionDiff }).toEqual({
    duplicateEvents: 0,
    projectionDiff: 0,
  });
  for (const id of mine)
    for (const type of ['InvoiceRequested', 'InvoiceSigned', 'InvoiceAccepted', 'InvoiceRendered'])
      expect(counts.get(`${id} ${type}`), `${id} ${type}`).toBe(1);
  return report;
}

/**
 * How often each invoice of `mine` has each once-only event ("<invoice id> <type>" → count), once
 * every one has its PDF drawn (InvoiceRendered, after the verdict) or `withinMs` passed.
 */
async function onceEventCounts(shape: Shape, mine: Set<string>, withinMs: number): Promise<Map<string, number>> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const counts = new Map<string, number>();
    for (const { stream, type } of await shape.invoiceEvents()) {
      if (mine.has(stream) && ONCE.includes(type))
        counts.set(`${stream} ${type}`, (counts.get(`${stream} ${type}`) ?? 0) + 1);
    }
    if ([...mine].every((id) => counts.has(`${id} InvoiceRendered`)) || Date.now() > deadline) return counts;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Log lines (parsed) of the named processes' files that match `where`. */
export function logLinesWhere(lines: string[], where: (line: any) => boolean): any[] {
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line);
      return where(parsed) ? [parsed] : [];
    } catch {
      return [];
    }
  });
}
