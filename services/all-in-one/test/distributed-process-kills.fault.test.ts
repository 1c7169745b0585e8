// Each process kind the other fault tests do not kill (the relay, the projection, the notifier, the renderer, one of
// the two ingress instances) killed with SIGKILL in the middle of a burst and started again as a supervisor would;
// the burst finishes and every invariant of faults/invariants.ts holds. The buyers' mails go to a real SMTP server.
import { startSmtpCatcher, type SmtpCatcher } from '@fe/mail/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { burst } from '../test-support/faults/burst.ts';
import {
  expectEveryInvoiceFinal,
  expectNoDuplicateEvent,
  expectNoneJudgedTwice,
  expectOneMailPerInvoice,
  expectProjectionEqualsRebuild,
  settledStatuses,
} from '../test-support/faults/invariants.ts';
import { killAndRestart, type KillReport } from '../test-support/faults/kill-and-restart.ts';
import { httpClient } from '../test-support/http-client.ts';
import { startDistributedShape, type DistributedShape } from '../test-support/shapes/distributed-shape.ts';
import { alive } from '../test-support/start-distributed.ts';

let catcher: SmtpCatcher;
let shape: DistributedShape;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  shape = await startDistributedShape({ env: { FE_SMTP_URL: catcher.url, NOTIFIER_RETRY_BACKOFF_MS: '200' } });
}, 600_000);
afterAll(async () => {
  await shape?.close();
  await catcher?.close();
}, 300_000);

/** Events of a type in the store now: the renderer is busy once the burst's PDFs have begun to appear. */
const stored = async (type: string) => (await shape.invoiceEvents()).filter((e) => e.type === type).length;
/** Busy once `more()` has grown by 3 since the burst began: the process has work of the burst in hand. */
const grownBy3 = (more: () => Promise<number> | number) => {
  let before: number | undefined;
  return async () => {
    const now = await more();
    before ??= now;
    return now >= before + 3;
  };
};

const kinds: { name: string; busy?: () => () => Promise<boolean> }[] = [
  { name: 'relay' },
  { name: 'projection' },
  { name: 'notifier', busy: () => grownBy3(() => catcher.mails.length) },
  { name: 'renderer', busy: () => grownBy3(() => stored('InvoiceRendered')) },
  { name: 'ingress-2' },
];

it.each(kinds)(
  'SIGKILL of the $name mid-burst, restarted: every invoice final, none judged twice, no event twice, projection = rebuild, one mail each',
  async ({ name, busy }) => {
    // The burst alternates between the two ingress instances, as a balancer would; a refused or cut request is sent
    // again with its Idempotency-Key (to the other one, next).
    const second = httpClient(shape.secondUrl, shape.apiKey);
    let turn = 0;
    const balanced = {
      ...shape,
      post: (...args: Parameters<typeof shape.post>) => (turn++ % 2 ? second : shape).post(...args),
    };
    const busyNow = busy?.();
    if (busyNow) await busyNow(); // the baseline, before the burst
    let kill: KillReport | undefined;
    const started = Date.now();
    const issued = await burst(balanced, {
      count: 30,
      faultAt: 8,
      fault: async () => (kill = await killAndRestart(shape, name, { busy: busyNow })),
      withinMs: 300_000,
    });
    const finals = await settledStatuses(shape, issued);
    expectEveryInvoiceFinal(issued, finals);
    await expectNoneJudgedTwice(shape, finals);
    const events = await expectNoDuplicateEvent(shape, issued, finals);
    await expectProjectionEqualsRebuild(shape);
    const mails = expectOneMailPerInvoice(catcher.mails, finals);
    const states: Record<string, number> = {};
    for (const body of finals.values()) {
      const state = body.processing_error ? `error:${body.processing_error.step}` : body.status;
      states[state] = (states[state] ?? 0) + 1;
    }
    console.log(
      `${name} SIGKILL: ${JSON.stringify({ ...kill, invoices: issued.length, states, mails, events, clientRetries: issued.reduce((s, i) => s + i.retries, 0), ms: Date.now() - started })}`,
    );
    expect(
      shape
        .processes()
        .filter((p) => !alive(p.pid))
        .map((p) => p.name),
    ).toEqual([]);
  },
  900_000,
);
