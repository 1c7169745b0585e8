/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The process killed with SIGKILL in the middle of a burst of 50 invoices, then restarted: every
// invoice reaches a final state, no number is used twice, no event is lost or duplicated, DIAN judged
// each document once, and the projection equals a rebuild from the event store.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@fe/dian-simulator';
import { SqliteEventStore, type RecordedEvent } from '@fe/platform';
import { diffViews, rebuildStatusViews } from '@fe/projection';
import { SqliteStatusStore } from '@fe/invoice-status';
import { afterAll, describe, expect, it } from 'vitest';
import { expectEverySettled } from '../test-support/faults/settled.ts';
import { freePort, startChildService, stopChild, type ChildService } from '../test-support/child-service.ts';
import { exampleRequest } from '../test-support/world.ts';

const BURST = 50;
/** How long each wait may take: bounds, not expectations (pnpm test:faults runs this under a CPU hog). */
const LOADED_MS = 300_000;
const dataDir = mkdtempSync(join(tmpdir(), 'fe-crash-'));
let service: ChildService | undefined;
afterAll(async () => {
  if (service) await stopChild(service.process, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: any };

/** How far each invoice got, from the events stored when the process died (for the closing note). */
async function stagesInStore(path: string): Promise<Record<string, number>> {
  const store = new SqliteEventStore(path);
  const events = await store.readAll({ limit: 1_000_000 });
  await store.close();
  const last = new Map<string, string>();
  for (const e of events)
    if (e.envelope.type !== 'InvoiceRendered' || !last.has(e.stream)) last.set(e.stream, e.envelope.type);
  const rendered = new Set(events.filter((e) => e.envelope.type === 'InvoiceRendered').map((e) => e.stream));
  const counts: Record<string, number> = {};
  for (const [stream, type] of last) {
    const key = rendered.has(stream) ? 'complete' : type;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function post(s: ChildService, i: number): Promise<Answer> {
  const response = await fetch(`${s.url}/api/v1/service/invoice`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': `burst-${i}`,
    },
    body: JSON.stringify({ ...exampleRequest, notes: `burst ${i}` }),
  });
  return { status: response.status, body: await response.json() };
}

/** What a careful client does after a lost answer: the same request, same key, until it gets one. */
async function retryUntilAnswered(s: ChildService, i: number): Promise<Answer> {
  for (const deadline = Date.now() + LOADED_MS; Date.now() < deadline;) {
    const answer = await post(s, i).catch(() => undefined);
    if (answer && answer.status < 500 && answer.body?.error?.code !== 'IDEMPOTENCY_IN_PROGRESS') return answer;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`request ${i} never got an answer`);
}

describe('SIGKILL during a burst', () => {
  it('recovers every invoice exactly once', async () => {
    const port = await freePort();
    const env = {
      FE_DATA_DIR: dataDir,
      FE_PORT: String(port),
      FE_RATE_LIMIT_PER_SECOND: '10000',
      FE_RATE_LIMIT_BURST: '10000',
      FE_IDEMPOTENCY_LEASE_MS: '3000',
      SUBMIT_RETRY_BASE_MS: '200',
      SUBMIT_RETRY_MAX_MS: '1000',
    };
    service = await startChildService(env);
    const first = service;
    const answers: (Answer | undefined)[] = Array(BURST).fill(undefined);
    // A steady burst (one request every 20 ms), so the kill lands while requests are still arriving.
    const burst = Array.from({ length: BURST }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 20));
      await post(first, i).then(
        (a) => void (answers[i] = a),
        () => undefined,
      );
    });
    const deadline = Date.now() + LOADED_MS;
    while (answers.filter(Boolean).length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    first.process.kill('SIGKILL');
    await Promise.all(burst);
    const beforeKill = answers.map((a) => (a && a.status < 300 ? (a.body.cufe as string) : undefined));
    const answeredBeforeKill = beforeKill.filter(Boolean).length;
    expect(answeredBeforeKill).toBeGreaterThanOrEqual(10);
    expect(answeredBeforeKill).toBeLessThan(BURST); // the kill really landed mid-burst
    const atKill = await stagesInStore(join(dataDir, 'events.sqlite'));

    service = await startChildService({ ...env, FE_LOG_LEVEL: 'info' }); // info: its reconciliations are counted below
    const second = service;
    const final = await Promise.all(Array.from({ length: BURST }, (_, i) => retryUntilAnswered(second, i)));
    // a replayed answer, not a new invoice
    for (const [i, cufe] of beforeKill.entries()) if (cufe) expect(final[i]!.body.cufe).toBe(cufe);
    const settledBy = Date.now() + LOADED_MS;
    for (const answer of final) {
      while (answer.body.status === 'pending' && Date.now() < settledBy) {
        await new Promise((r) => setTimeout(r, 250));
        const status = await fetch(`${second.url}/api/v1/service/status/${answer.body.cufe}`, {
          headers: { authorization: `Bearer ${second.apiKey}` },
        });
        answer.body = await status.json();
      }
      expect(answer.body.status).toBe('accepted');
    }
    // The last step, the buyer's mail (into the outbox: no FE_SMTP_URL), reached for every invoice.
    for (const answer of final) {
      let status: any;
      while (Date.now() < settledBy) {
        status = await (
          await fetch(`${second.url}/api/v1/service/status/${answer.body.cufe}`, {
            headers: { authorization: `Bearer ${second.apiKey}` },
          })
        ).json();
        if (status.buyer_notification?.stage === 'sent') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status.buyer_notification?.stage).toBe('sent');
    }
    await stopChild(second.process, 'SIGTERM');
    service = undefined;

    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    await expectEverySettled(store, 0); // the service is stopped: what it left must already be settled
    const events: RecordedEvent[] = await store.readAll({ limit: 1_000_000 });
    const byStream = Map.groupBy(events, (e) => e.stream);
    const requested = events.filter((e) => e.envelope.type === 'InvoiceRequested');
    expect(requested).toHaveLength(BURST);
    expect(new Set(requested.map((e) => (e.envelope.data as { idempotency_key: string }).idempotency_key)).size).toBe(
      BURST,
    );
    const numbers = requested
      .map((e) => BigInt((e.envelope.data as { number: string }).number))
      .sort((a, b) => (a < b ? -1 : 1));
    // no number twice, no gap
    expect(numbers.map((n) => n - numbers[0]!)).toEqual(Array.from({ length: BURST }, (_, i) => BigInt(i)));
    expect(new Set(events.map((e) => e.envelope.id)).size).toBe(events.length);
    for (const [stream, streamEvents] of byStream) {
      const count = (type: string) => streamEvents.filter((e) => e.envelope.type === type).length;
      // Under load a DIAN call may time out and be retried (then reconciled, judged once: below); never a final one.
      const retried = streamEvents.filter(
        (e) => e.envelope.type === 'InvoiceSubmissionFailed' && (e.envelope.data as { retriable: boolean }).retriable,
      ).length;
      expect({
        stream,
        requested: count('InvoiceRequested'),
        signed: count('InvoiceSigned'),
        submitted: count('InvoiceSubmitted'),
        failed: count('InvoiceSubmissionFailed'),
        accepted: count('InvoiceAccepted'),
        rejected: count('InvoiceRejected'),
        rendered: count('InvoiceRendered'),
      }).toEqual({
        stream,
        requested: 1,
        signed: 1,
        submitted: 1,
        failed: retried,
        accepted: 1,
        rejected: 0,
        rendered: 1,
      });
      // One mail per invoice, even when the kill cut a send: the outbox holds each Message-ID once.
      expect(count('BuyerNotified')).toBe(1);
    }
    expect(readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'))).toHaveLength(BURST);

    // DIAN (the built-in simulator, which remembers across restarts) judged each document once: a
    // submission cut by the kill was reconciled with GetStatus, not sent again.
    const dian = createSqliteStore(join(dataDir, 'dian-simulator.sqlite'));
    const cufes = requested.map((e) => (e.envelope.data as { cufe: string }).cufe);
    expect(cufes.filter((cufe) => dian.timesReceived(cufe) !== 1)).toEqual([]);
    dian.close();

    const live = new SqliteStatusStore(join(dataDir, 'status.sqlite'));
    const rebuilt = new SqliteStatusStore(':memory:');
    await rebuildStatusViews(store, rebuilt);
    expect(await live.all()).toHaveLength(BURST);
    expect(diffViews(await live.all(), await rebuilt.all())).toEqual([]);
    await live.close();
    await rebuilt.close();
    await store.close();
    const reconciled = second
      .output()
      .split('\n')
      .filter((line) => line.includes('reconciling with DIAN (GetStatus)')).length;
    console.log(
      `kill test: ${answeredBeforeKill} of ${BURST} answered before SIGKILL; in the store at the kill: ${JSON.stringify(atKill)}; after restart: ${events.length} events, ${BURST} invoices accepted, ${reconciled} reconciled with GetStatus, each judged once by DIAN, projection = rebuild`,
    );
  }, 1_200_000);
});
